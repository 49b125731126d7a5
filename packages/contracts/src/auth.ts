import { z } from 'zod';
import {
  emailField,
  fullNameField,
  newPassword,
  newPasswordField,
  rolesField,
  text,
  usernameField,
} from './fields.ts';
import { LIMITS } from './limits.ts';
import { localeField } from './locales.ts';
import { MSG } from './messages.ts';
import { selfUser } from './users.ts';

export const registerBody = z.object({
  fullName: fullNameField('Full name'),
  email: emailField,
  password: newPasswordField,
  username: usernameField.optional(),
  roles: rolesField.optional(),
  /**
   * The language the person signs up in (the app's current one), stored as the account's
   * `locale`; absent or null: the browser's Accept-Language, when Townsquare speaks it.
   */
  locale: localeField.optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  identifier: text('Email or username', MSG.identifierRequired)
    .trim()
    .toLowerCase()
    .min(1, MSG.identifierRequired)
    .max(LIMITS.identifierMax, MSG.invalidCredentials),
  password: text('Password', MSG.passwordRequired)
    .min(1, MSG.passwordRequired)
    .max(LIMITS.passwordMax, MSG.invalidCredentials),
});
export type LoginBody = z.infer<typeof loginBody>;

export const refreshBody = z.object({
  refreshToken: text('Refresh token', MSG.refreshTokenRequired)
    .min(1, MSG.refreshTokenRequired)
    .max(LIMITS.tokenMax, MSG.invalidRefreshToken),
});

/** The original client sends a bare `{email}`; a missing one still gets the neutral answer. */
export const forgotPasswordBody = z.object({
  email: text('Email', MSG.emailRequired).max(LIMITS.emailMax, MSG.emailTooLong).optional(),
});

export const resetPasswordBody = z.object({
  token: text('Token', MSG.resetFieldsRequired)
    .min(1, MSG.resetFieldsRequired)
    .max(LIMITS.tokenMax, MSG.resetTokenInvalid),
  newPassword: newPassword('New password', MSG.resetFieldsRequired),
});

export const verifyEmailBody = z.object({
  token: text('Token', MSG.verificationTokenRequired)
    .min(1, MSG.verificationTokenRequired)
    .max(LIMITS.tokenMax, MSG.verificationTokenInvalid),
});

/**
 * Resend: signed in, no body needed; signed out, the address to send to. Fastify validates a
 * request without a body as `null`, so "no body" must be allowed as null, not only undefined.
 */
export const resendVerificationBody = z
  .object({ email: text('Email', MSG.emailRequired).max(LIMITS.emailMax, MSG.emailTooLong).optional() })
  .nullish();

export const tokenPair = {
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
};

/** Login, register and refresh: tokens and the user at the top level (contract 4.1, 5). */
export const authResponse = z.object({ ...tokenPair, user: selfUser });
export const registerResponse = authResponse.extend({ message: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;

export const verifyResponse = z.object({ user: selfUser });
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * Sent to a session's sockets just before the server closes them because another device ended
 * the session ("sign out everywhere else", ending it from the sessions list, a password change or
 * reset): the page says why on the sign-in page. Logout and expiry send nothing.
 */
export const SESSION_ENDED_EVENT = 'session-ended';
export type SessionEndedPayload = { reason: 'signed-out-elsewhere' };
