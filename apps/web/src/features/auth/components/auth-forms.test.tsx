import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { fill } from '../../../test/fill.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { INVALID_RESET_LINK, ResetPasswordForm } from './reset-password-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Renders `ui` at `path`, types each value into the field with its label, presses `submit`; gives the user too. */
async function fillAndSubmit(
  ui: ReactElement,
  path: string,
  submit: string,
  fields: Record<string, string>,
  user = userEvent.setup(),
) {
  const rendered = renderWithApp(ui, { path });
  for (const [label, value] of Object.entries(fields)) await fill(user, screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: submit }));
  return { ...rendered, user };
}

const submitRegister = (fields: Record<string, string>) =>
  fillAndSubmit(<RegisterForm />, '/register', 'Create account', fields);
const submitLogin = (fields: Record<string, string>) =>
  fillAndSubmit(<LoginForm />, '/login', 'Sign in', fields);
const submitForgot = (fields: Record<string, string>) =>
  fillAndSubmit(<ForgotPasswordForm />, '/forgot-password', 'Send reset link', fields);
const submitReset = (fields: Record<string, string>, user?: ReturnType<typeof userEvent.setup>) =>
  fillAndSubmit(<ResetPasswordForm token="t" />, '/reset-password', 'Reset password', fields, user);

describe('RegisterForm', () => {
  it('shows the password rule under the field and submits nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await submitRegister({ 'Full name': 'Jane Smith', Email: 'jane@example.com', Password: 'short' });
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an emoji-only name and a password of spaces, and submits nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await submitRegister({ 'Full name': '🎉🎉', Email: 'jane@example.com', Password: '        ' });
    expect(await screen.findByText('Full name must contain at least one letter')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be only spaces')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires the full name and a valid email', async () => {
    stubFetch(() => jsonResponse({}));
    await submitRegister({ Email: 'not-an-email' });
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('disables the inputs and reads "Registering..." while submitting, then goes to /profile-setup', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { router } = await submitRegister({
      'Full name': 'Riverside Running Club',
      Email: 'club@example.com',
      Password: 'long-enough',
    });

    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({
      fullName: 'Riverside Running Club',
      email: 'club@example.com',
      password: 'long-enough',
      // The language the form is shown in, so the account's e-mails follow it (decision 064).
      locale: 'en',
    });
    answer(
      jsonResponse(
        { message: 'Registration successful', accessToken: 'a', refreshToken: 'r', user: createSelfUser() },
        201,
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile-setup'));
    expect(localStorage.getItem('accessToken')).toBe('a');
    expect(localStorage.getItem('refreshToken')).toBe('r');
  });

  it('shows the server message when registration fails and lets the person try again', async () => {
    stubFetch(() =>
      jsonResponse({ statusCode: 409, error: 'Conflict', message: 'Email already registered' }, 409),
    );
    await submitRegister({ 'Full name': 'Jane', Email: 'jane@example.com', Password: 'long-enough' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });

  it('falls back to "Registration failed"', async () => {
    stubFetch(() => jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500));
    await submitRegister({ 'Full name': 'Jane', Email: 'jane@example.com', Password: 'long-enough' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });
});

describe('LoginForm', () => {
  it('requires the identifier and the password', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await submitLogin({});
    expect(await screen.findByText('Email or username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message in a red banner and clears tokens', async () => {
    localStorage.setItem('accessToken', 'stale');
    stubFetch(() =>
      jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' }, 401),
    );
    await submitLogin({ 'Email or username': 'Jane', Password: 'whatever1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('falls back to "Login failed"', async () => {
    stubFetch(() => new Response('', { status: 502 }));
    await submitLogin({ 'Email or username': 'jane', Password: 'whatever1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('signs in with the identifier lower-cased and goes to /dashboard', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ accessToken: 'a', refreshToken: 'r', user: createSelfUser() }),
    );
    const { router } = await submitLogin({
      'Email or username': 'Jane.Doe@Example.com',
      Password: 'whatever1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body)).identifier).toBe('jane.doe@example.com');
  });
});

describe('ForgotPasswordForm', () => {
  it('shows the neutral success panel and lets the person try another email', async () => {
    stubFetch(() =>
      jsonResponse({ message: 'If an account with that email exists, a password reset link has been sent.' }),
    );
    const { user } = await submitForgot({ Email: 'jane@example.com' });
    expect(
      await screen.findByText('If an account with that email exists, a password reset link has been sent.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try another email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('stays neutral: never says it sent anything to the typed address, nor echoes it', async () => {
    stubFetch(() =>
      jsonResponse({ message: 'If an account with that email exists, a password reset link has been sent.' }),
    );
    const { container } = await submitForgot({ Email: 'Nobody.Here@Example.COM' });
    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent('The link works for 60 minutes.');
    expect(panel.textContent).not.toMatch(/we sent/i);
    expect(container.textContent?.toLowerCase()).not.toContain('nobody.here@example.com');
  });

  it('shows the fallback when sending fails', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    await submitForgot({ Email: 'jane@example.com' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send reset email. Please try again.',
    );
  });
});

describe('ResetPasswordForm', () => {
  it('without a token explains the link is invalid and offers a new one', () => {
    renderWithApp(<ResetPasswordForm token={null} />, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_RESET_LINK);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('checks the length and that both passwords match', async () => {
    await submitReset({ 'New password': 'short', 'Confirm new password': 'different' });
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('shows the server failure or the fallback text', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    await submitReset({ 'New password': 'long-enough', 'Confirm new password': 'long-enough' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. The link may be expired.',
    );
  });

  it('redirects to /login 3 seconds after a successful reset', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => jsonResponse({ message: 'Password has been reset successfully.' }));
    const { router } = await submitReset(
      { 'New password': 'long-enough', 'Confirm new password': 'long-enough' },
      userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    );
    expect(await screen.findByText(/Password has been reset successfully/)).toBeInTheDocument();
    vi.advanceTimersByTime(2900);
    expect(router.state.location.pathname).toBe('/reset-password');
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
