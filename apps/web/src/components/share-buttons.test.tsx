import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { qrFileName, ShareButtons } from './share-buttons.tsx';

describe('ShareButtons', () => {
  it('shows the QR code of the link, loaded when asked for, with a picture to download', async () => {
    render(<ShareButtons title="Quiz night" url="https://town.example/event/abc" />);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code' });
    const image = await screen.findByRole('img', { name: 'QR code for https://town.example/event/abc' });
    expect(dialog).toHaveTextContent('https://town.example/event/abc');
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('link', { name: 'Download the picture' })).toHaveAttribute(
      'download',
      'quiz-night-qr.png',
    );
  });

  it('keeps its buttons disabled until the link is known (a click before hydration would be lost)', () => {
    render(<ShareButtons title="Quiz night" url="" />);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'QR code' })).toBeDisabled();
  });

  it('names the picture after the title, readable in any script', () => {
    expect(qrFileName('Café Ü-Bahn Meetup!')).toBe('cafe-u-bahn-meetup-qr.png');
    expect(qrFileName('🎉🎉')).toBe('townsquare-qr.png');
  });
});
