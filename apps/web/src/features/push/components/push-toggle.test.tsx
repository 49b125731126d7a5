import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { stubPushBrowser } from '../test-browser.ts';
import { PushToggle } from './push-toggle.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PushToggle', () => {
  it('asks for permission only when switched on, then says push is on', async () => {
    const b = stubPushBrowser();
    const user = userEvent.setup();
    renderWithApp(<PushToggle />, { path: '/settings', user: createSelfUser() });
    const toggle = await screen.findByRole('switch', { name: 'Push notifications in this browser' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(b.requestPermission).not.toHaveBeenCalled();
    expect(b.serviceWorker.register).not.toHaveBeenCalled();
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle).toBeChecked());
    expect(b.requestPermission).toHaveBeenCalledOnce();
    expect(await screen.findByText('Push notifications are on for this browser')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(b.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('explains a refused permission', async () => {
    stubPushBrowser('denied');
    const user = userEvent.setup();
    renderWithApp(<PushToggle />, { path: '/settings', user: createSelfUser() });
    const toggle = await screen.findByRole('switch', { name: 'Push notifications in this browser' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('is disabled where the browser has no push', async () => {
    renderWithApp(<PushToggle />, { path: '/settings', user: createSelfUser() });
    expect(await screen.findByText('This browser cannot receive push notifications.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Push notifications in this browser' })).toBeDisabled();
  });
});
