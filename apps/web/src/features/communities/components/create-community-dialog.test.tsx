import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createSelfUser } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CreateCommunityDialog } from './create-community-dialog.tsx';

describe('CreateCommunityDialog', () => {
  it('says what the address will be when the name has nothing an address can spell', async () => {
    const user = userEvent.setup();
    renderWithApp(<CreateCommunityDialog />, { user: createSelfUser() });
    await user.click(screen.getByRole('button', { name: 'Start a community' }));
    const address = await screen.findByLabelText(/^Address/);
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: '🎉🎉' } });
    expect(address).toHaveAccessibleDescription(/no letters an address can use.*community-4k9x2a/);
    fireEvent.change(name, { target: { value: 'Book club 🎉' } });
    expect(address).toHaveAccessibleDescription('townsquare/c/your-address; made from the name if empty');
  });
});
