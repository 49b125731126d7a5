import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PUSH_PREFERENCES } from '@townsquare/contracts';
import { MSG } from '@townsquare/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { fill } from '../../../test/fill.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileEditForm } from './profile-edit-form.tsx';
import { ProfileSetupForm } from './profile-setup-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const newcomer = () =>
  createSelfUser({
    username: undefined,
    profileCompleted: false,
    interests: [],
    roles: ['Member'],
    fullName: 'Jane Smith',
  });

describe('ProfileSetupForm', () => {
  it('lower-cases the username and strips other characters as they are typed', async () => {
    const user = userEvent.setup();
    renderWithApp(<ProfileSetupForm user={newcomer()} />, { path: '/profile-setup' });
    await user.type(screen.getByLabelText('Username'), 'Jane.Doe-42_X!');
    expect(screen.getByLabelText('Username')).toHaveValue('janedoe42_x');
  });

  it('formats the phone as (xxx) xxx-xxxx and keeps at most 10 digits', async () => {
    const user = userEvent.setup();
    renderWithApp(<ProfileSetupForm user={newcomer()} />, { path: '/profile-setup' });
    await user.type(screen.getByLabelText(/Phone number/), '555a1234567999');
    expect(screen.getByLabelText(/Phone number/)).toHaveValue('(555) 123-4567');
  });

  it('shows every rule of spec 5 and sends nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const user = userEvent.setup();
    renderWithApp(<ProfileSetupForm user={newcomer()} />, { path: '/profile-setup' });
    await user.click(screen.getByLabelText(/^Member/));
    await user.type(screen.getByLabelText(/Phone number/), '55512');
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('At least one role is required')).toBeInTheDocument();
    expect(screen.getByText('At least one interest is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be exactly 10 digits.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the profile and goes to /dashboard', async () => {
    const fetchMock = stubFetch(() => jsonResponse(createSelfUser({ username: 'jane_s' })));
    const user = userEvent.setup();
    const { router } = renderWithApp(<ProfileSetupForm user={newcomer()} />, { path: '/profile-setup' });
    await user.type(screen.getByLabelText('Username'), 'jane_s');
    await user.click(screen.getByRole('button', { name: 'Hiking' }));
    await user.click(screen.getByLabelText(/^Club Founder/));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/me');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      username: 'jane_s',
      roles: ['Club_Founder', 'Member'],
      interests: ['Hiking'],
      phoneNumber: '',
    });
  });

  it('shows "Failed to update profile" under the form when saving fails', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    const user = userEvent.setup();
    renderWithApp(<ProfileSetupForm user={newcomer()} />, { path: '/profile-setup' });
    await user.type(screen.getByLabelText('Username'), 'jane_s');
    await user.click(screen.getByRole('button', { name: 'Hiking' }));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile');
  });
});

describe('ProfileEditForm', () => {
  it('disables Save Changes and asks for a role when none is selected', async () => {
    const user = userEvent.setup();
    renderWithApp(<ProfileEditForm user={createSelfUser({ roles: ['Member'] })} onDone={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Member' }));
    expect(screen.getByText('Please select at least one role.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('returns to view mode after saving, and reports the missing-user case', async () => {
    stubFetch(() => jsonResponse(undefined));
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ProfileEditForm user={createSelfUser()} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No user data returned from server');
    expect(onDone).not.toHaveBeenCalled();

    stubFetch(() => jsonResponse(createSelfUser()));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('validates the e-mail and the phone', async () => {
    const user = userEvent.setup();
    renderWithApp(<ProfileEditForm user={createSelfUser()} onDone={() => undefined} />);
    await user.clear(screen.getByLabelText('Email'));
    await fill(user, screen.getByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText(/Phone/), '123');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be exactly 10 digits.')).toBeInTheDocument();
  });
});

describe('ProfileEditForm: changing the e-mail', () => {
  it('asks for the current password only for a new address, and sends it with the change', async () => {
    const me = createSelfUser({ email: 'old@example.com' });
    const fetchMock = stubFetch(() => jsonResponse({ ...me, pendingEmail: 'new@example.com' }));
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ProfileEditForm user={me} onDone={onDone} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await fill(user, screen.getByLabelText('Email'), 'New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MSG.emailChangePasswordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await fill(user, screen.getByLabelText('Current password'), 'my current secret');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      email: 'new@example.com',
      currentPassword: 'my current secret',
    });
  });

  it('never sends a password when the address stays the same', async () => {
    const me = createSelfUser({ email: 'same@example.com' });
    const fetchMock = stubFetch(() => jsonResponse(me));
    const user = userEvent.setup();
    renderWithApp(<ProfileEditForm user={me} onDone={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body.email).toBe('same@example.com');
    expect(body).not.toHaveProperty('currentPassword');
  });

  it('shows the address waiting for its confirmation link', () => {
    const me = createSelfUser({ email: 'old@example.com', pendingEmail: 'new@example.com' });
    renderWithApp(<ProfileEditForm user={me} onDone={() => undefined} />);
    expect(screen.getByText('Pending verification of new@example.com')).toBeInTheDocument();
    renderWithApp(<ProfileDetails user={me} />);
    expect(screen.getAllByText('Pending verification of new@example.com')).toHaveLength(2);
  });
});

describe('the profile picture', () => {
  /** What the picture widget of a rendered form accepts and tells the user. */
  function pictureRule(container: HTMLElement) {
    const input = container.querySelector('input[type="file"]');
    const hint = screen.getByText(/ up to \d+MB$/);
    return { accept: input?.getAttribute('accept'), hint: hint.textContent };
  }

  it('is one widget with one accepted-type rule in setup and in edit', () => {
    const setup = renderWithApp(<ProfileSetupForm user={newcomer()} />, { path: '/profile-setup' });
    const inSetup = pictureRule(setup.container);
    setup.unmount();
    const edit = renderWithApp(<ProfileEditForm user={createSelfUser()} onDone={() => undefined} />);
    const inEdit = pictureRule(edit.container);
    expect(inEdit).toEqual(inSetup);
    expect(inSetup).toEqual({ accept: 'image/png,image/jpeg', hint: 'PNG or JPEG up to 5MB' });
  });
});

/** Renders the form, fills it in (the confirmation as given) and submits it. */
async function changePassword(confirmation: string) {
  const user = userEvent.setup();
  renderWithApp(<ChangePasswordForm />, { path: '/settings' });
  await fill(user, screen.getByLabelText('Current password'), 'old-password');
  await fill(user, screen.getByLabelText('New password'), 'new-password-1');
  await fill(user, screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('ChangePasswordForm', () => {
  it('requires every field', async () => {
    const user = userEvent.setup();
    renderWithApp(<ChangePasswordForm />, { path: '/settings' });
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
  });

  it('says "New passwords do not match"', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await changePassword('new-password-2');
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps this session after a change: a success toast, an empty form, no sign-out', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Password updated successfully' }));
    await changePassword('new-password-1');
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it('shows the server message, else "Failed to update password"', async () => {
    stubFetch(() =>
      jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'Current password is incorrect' }, 400),
    );
    await changePassword('new-password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
  });
});

describe('NotificationPreferencesForm', () => {
  it('starts with security alerts on, product updates off, and saves them to the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse(createSelfUser()));
    renderWithApp(<NotificationPreferencesForm initial={undefined} />, { path: '/settings' });
    const security = screen.getByRole('checkbox', { name: 'Security alerts' });
    const updates = screen.getByRole('checkbox', { name: 'Product updates' });
    expect(security).toBeChecked();
    expect(updates).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /In a digest/ })).toBeChecked();
    fireEvent.click(updates);
    fireEvent.click(screen.getByRole('radio', { name: /At once/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toMatchObject({
      notificationPreferences: { securityAlerts: true, productUpdates: true, rsvpTiming: 'instant' },
    });
  });

  it('saves per-kind e-mail and push choices and says "Preferences saved"', async () => {
    const fetchMock = stubFetch(() => jsonResponse(createSelfUser()));
    const user = userEvent.setup();
    const email = DEFAULT_PUSH_PREFERENCES; // every group on
    renderWithApp(
      <NotificationPreferencesForm
        initial={{
          securityAlerts: true,
          productUpdates: true,
          rsvpTiming: 'digest',
          email,
          push: { ...email, rsvp: false },
        }}
      />,
      { path: '/settings' },
    );
    expect(
      screen.getByRole('checkbox', {
        name: 'Push: RSVPs to events you host, and dates of your series to confirm',
      }),
    ).not.toBeChecked();
    await user.click(
      screen.getByRole('checkbox', { name: 'Email: Reminders before events you are going to' }),
    );
    screen
      .getByRole('checkbox', { name: 'Push: RSVPs to events you host, and dates of your series to confirm' })
      .focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Push: Mentions of you in chats' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Preferences saved', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1].body))).toEqual({
      notificationPreferences: {
        securityAlerts: true,
        productUpdates: true,
        rsvpTiming: 'digest',
        email: { ...email, reminders: false },
        push: { ...email, rsvp: true, mentions: false },
      },
    });
  });
});
