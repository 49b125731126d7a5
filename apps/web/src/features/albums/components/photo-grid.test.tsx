import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventPhoto } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { PhotoGrid } from './photo-grid.tsx';

const person = { _id: 'a', id: 'a', username: 'ana', fullName: 'Ana Ruiz', profileImage: null };
const photo = (n: number): EventPhoto => ({
  id: `p${n}`,
  eventId: 'e1',
  imageUrl: `https://town.example/uploads/event-image/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5${n}.jpg`,
  caption: `Lap ${n}`,
  addedBy: person,
  tags: [],
  createdAt: '2031-05-03T20:00:00.000Z',
  can: { remove: false },
});

describe('PhotoGrid viewer', () => {
  it('opens a photo, goes on with the arrow keys and returns focus on Escape', async () => {
    const user = userEvent.setup();
    renderWithApp(<PhotoGrid photos={[photo(1), photo(2), photo(3)]} />);
    const second = screen.getByRole('link', { name: 'Lap 2' });
    second.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Photo 2 of 3');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Photo 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Photo 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Photo 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Photo 2 of 3');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Lap 2' })).toHaveFocus();
  });
});
