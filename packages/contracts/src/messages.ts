import { SPAM_LIMITS } from './limits.ts';

/**
 * User-facing texts. Quoted strings come from the product spec or the wire contract, word for
 * word; the original client matches on several of them. The rest are ours, written in the same voice.
 */
export const MSG = {
  // Registration (spec 5, contract 4.1)
  fullNameRequired: 'Full name is required',
  fullNameTooLong: 'Full name must be at most 100 characters',
  fullNameNoLetters: 'Full name must contain at least one letter',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be at most 254 characters',
  emailTaken: 'Email already registered',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 256 characters',
  passwordBlank: 'Password cannot be only spaces',
  usernameTaken: 'Username already taken',
  usernameRequired: 'Username is required',
  usernameInvalid: 'Username can only contain lowercase letters, numbers, and underscores',
  usernameLength: 'Username must be between 3 and 30 characters',
  registered: 'Registration successful',

  // Login and session
  identifierRequired: 'Email or username is required',
  invalidCredentials: 'Invalid credentials',
  invalidRefreshToken: 'Invalid refresh token',
  refreshTokenRequired: 'Refresh token is required',
  invalidToken: 'Invalid token',
  unauthorized: 'Unauthorized',
  loggedOut: 'Logged out successfully',

  // Forgot / reset password (contract 4.1, spec 8)
  forgotPasswordSent: 'If an account with that email exists, a password reset link has been sent.',
  resetFieldsRequired: 'Token and new password are required',
  resetTokenInvalid: 'Invalid or expired reset token',
  passwordResetDone: 'Password has been reset successfully. You can now login with your new password.',

  // E-mail verification
  verificationTokenRequired: 'Missing verification token. Please use the link provided in the email.',
  verificationTokenInvalid: 'The verification link may be invalid or expired.',
  emailVerified: 'Your email address has been verified.',
  verificationSent: 'If your email address is not verified yet, a new verification link has been sent.',

  // Users and profiles
  userNotFound: 'User not found',
  profileNotFound: 'Profile not found',
  forbiddenOtherUser: 'You can only change your own account',
  rolesRequired: 'At least one role is required',
  interestRequired: 'At least one interest is required',
  roleInvalid: 'Roles must be Club_Founder, Member, Sponsor or Creator',
  phoneInvalid: 'Phone number must be exactly 10 digits.',
  bioTooLong: 'Bio must be at most 1000 characters',
  interestInvalid: 'Interests must be between 2 and 30 characters',
  interestsTooMany: 'At most 20 interests are allowed',
  imageUrlInvalid: 'Profile image must be an image uploaded to Townsquare',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  currentPasswordWrong: 'Current password is incorrect',
  emailChangePasswordRequired: 'Enter your current password to change your email address',
  passwordUnchanged: 'New password must be different from the current password',
  passwordChanged: 'Password updated successfully',
  preferencesSaved: 'Preferences saved',

  // Sessions and data export
  sessionNotFound: 'Session not found',
  sessionEnded: 'Signed out of that session',
  otherSessionsEnded: 'Signed out of all other sessions',

  // Blocks and anti-spam. contactUnavailable answers a friend request or a direct
  // message between two people when one has blocked the other: neutral on purpose, it says
  // neither who blocked whom nor that anyone did.
  contactUnavailable: 'You cannot contact this person',
  friendRequestsPerDayNew: `New accounts can send at most ${SPAM_LIMITS.friendRequestsPerDayNew} friend requests a day. Please try again later.`,
  friendRequestsPerDay: `You can send at most ${SPAM_LIMITS.friendRequestsPerDay} friend requests a day. Please try again later.`,
  linksNotAllowedNew:
    'New accounts cannot post links in the general chat. Verify your email address, or wait until your account is a day old.',

  // Platform
  badRequest: 'Bad Request',
  bodyInvalid: 'Request body must be a JSON object',
  bodyTooDeep: 'Request body is nested too deeply',
  metricsLoopbackOnly: 'Metrics are served only to this machine unless METRICS_TOKEN is set',
  textNotAllowed: 'The text contains characters that are not allowed',
  bodyNotJson: 'Request body is not valid JSON',
  bodyTooLarge: 'Request body is too large',
  unsupportedContentType: 'Unsupported content type',
  fileTooLarge: 'File size must be less than 10MB',
  tooManyParts: 'Too many form fields or files',
  forbiddenProperty: 'Request body contains a forbidden property',
  cursorInvalid: 'Invalid cursor',
  adminOnly: 'Only platform administrators can do this',
  joinFailed: 'Could not join the chat',
  notFound: 'Not Found',
  tooManyRequests: 'Too many attempts. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again shortly.',
  internalError: 'Internal server error',
  // Instance settings (admin area, decision 082) and a community's currency
  currencyInvalid: 'Currency must be an ISO 4217 code such as EUR or GBP',
  instanceNameRequired: 'Enter a name for this instance',
  instanceNameTooLong: 'The instance name must be at most 80 characters',
  instanceLocaleInvalid: 'Default language must be one of en, es, de, fr',
  instanceSettingLocked: 'This setting comes from an environment variable: change it there',
} as const;

/** "Too many attempts. Please try again in 3 minutes." */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  if (retryAfterSeconds < 60) return `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`;
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
