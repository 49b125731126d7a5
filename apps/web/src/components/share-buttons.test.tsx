import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

  it('says "Link copied" in a polite live region once the link is on the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<ShareButtons title="Quiz night" url="https://town.example/event/abc" />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://town.example/event/abc');
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('says so when the browser refuses the clipboard (a page over plain http has none)', async () => {
    const user = userEvent.setup();
    render(<ShareButtons title="Quiz night" url="https://town.example/event/abc" />);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Could not copy the link: copy it from the address bar',
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
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
