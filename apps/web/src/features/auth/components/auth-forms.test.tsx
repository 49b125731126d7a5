import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { INVALID_RESET_LINK, ResetPasswordForm } from './reset-password-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch(handler: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const fetchMock = vi.fn(handler);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('RegisterForm', () => {
  it('shows the password rule under the field and submits nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const user = userEvent.setup();
    renderWithApp(<RegisterForm />, { path: '/register' });
    await user.type(screen.getByLabelText('Full name'), 'Jane Smith');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires the full name and a valid email', async () => {
    stubFetch(() => jsonResponse({}));
    const user = userEvent.setup();
    renderWithApp(<RegisterForm />, { path: '/register' });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('disables the inputs and reads "Registering..." while submitting, then goes to /profile-setup', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const { router } = renderWithApp(<RegisterForm />, { path: '/register' });
    await user.type(screen.getByLabelText('Full name'), 'Riverside Running Club');
    await user.type(screen.getByLabelText('Email'), 'club@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body))).toEqual({
      fullName: 'Riverside Running Club',
      email: 'club@example.com',
      password: 'long-enough',
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
    const user = userEvent.setup();
    renderWithApp(<RegisterForm />, { path: '/register' });
    await user.type(screen.getByLabelText('Full name'), 'Jane');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });

  it('falls back to "Registration failed"', async () => {
    stubFetch(() => jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500));
    const user = userEvent.setup();
    renderWithApp(<RegisterForm />, { path: '/register' });
    await user.type(screen.getByLabelText('Full name'), 'Jane');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });
});

describe('LoginForm', () => {
  it('requires the identifier and the password', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email or username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message in a red banner and clears tokens', async () => {
    localStorage.setItem('accessToken', 'stale');
    stubFetch(() =>
      jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' }, 401),
    );
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Email or username'), 'Jane');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('falls back to "Login failed"', async () => {
    stubFetch(() => new Response('', { status: 502 }));
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Email or username'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('signs in with the identifier lower-cased and goes to /dashboard', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ accessToken: 'a', refreshToken: 'r', user: createSelfUser() }),
    );
    const user = userEvent.setup();
    const { router } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Email or username'), 'Jane.Doe@Example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body)).identifier).toBe('jane.doe@example.com');
  });
});

describe('ForgotPasswordForm', () => {
  it('shows the neutral success panel and lets the person try another email', async () => {
    stubFetch(() =>
      jsonResponse({ message: 'If an account with that email exists, a password reset link has been sent.' }),
    );
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordForm />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
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
    const user = userEvent.setup();
    const { container } = renderWithApp(<ForgotPasswordForm />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'Nobody.Here@Example.COM');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent('The link works for 60 minutes.');
    expect(panel.textContent).not.toMatch(/we sent/i);
    expect(container.textContent?.toLowerCase()).not.toContain('nobody.here@example.com');
  });

  it('shows the fallback when sending fails', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordForm />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
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
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordForm token="t" />, { path: '/reset-password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('shows the server failure or the fallback text', async () => {
    stubFetch(() => new Response('', { status: 500 }));
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordForm token="t" />, { path: '/reset-password' });
    await user.type(screen.getByLabelText('New password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm new password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. The link may be expired.',
    );
  });

  it('redirects to /login 3 seconds after a successful reset', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => jsonResponse({ message: 'Password has been reset successfully.' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderWithApp(<ResetPasswordForm token="t" />, { path: '/reset-password' });
    await user.type(screen.getByLabelText('New password'), 'long-enough');
    await user.type(screen.getByLabelText('Confirm new password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/Password has been reset successfully/)).toBeInTheDocument();
    vi.advanceTimersByTime(2900);
    expect(router.state.location.pathname).toBe('/reset-password');
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
