import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from './dialog.tsx';

function Example() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Delete event</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Delete this event?</DialogTitle>
        <DialogDescription>Attendees will be told it is cancelled.</DialogDescription>
        <DialogFooter>
          <Button variant="secondary">Keep it</Button>
          <Button variant="destructive">Delete</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

it('moves focus into the dialog, keeps it there, and closes on Escape', async () => {
  const user = userEvent.setup();
  render(<Example />);
  const trigger = screen.getByRole('button', { name: 'Delete event' });
  await user.click(trigger);
  const dialog = screen.getByRole('dialog', { name: 'Delete this event?' });
  expect(dialog).toContainElement(document.activeElement as HTMLElement);

  for (let i = 0; i < 5; i++) {
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  }

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(trigger).toHaveFocus();
});
