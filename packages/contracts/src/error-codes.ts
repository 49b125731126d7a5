import { ALBUM_MSG, RECAP_MSG } from './albums.ts';
import { ANNOUNCEMENT_MSG } from './announcements.ts';
import { BLOCK_MSG } from './blocks.ts';
import { SERIES_MSG } from './calendar.ts';
import { CAPACITY_MSG } from './capacity.ts';
import { CHAT_MSG } from './chat.ts';
import { CLUB_IO_MSG, INVITATION_MSG } from './club-io.ts';
import { COMMUNITY_MSG } from './communities.ts';
import { EVENT_MSG } from './events.ts';
import { FEDERATION_MSG } from './federation.ts';
import { FRIEND_MSG } from './friends.ts';
import { GROUP_MSG } from './groups.ts';
import { GUEST_MSG } from './guests.ts';
import { LOCALE_MSG } from './locales.ts';
import { MSG } from './messages.ts';
import { MODERATION_MSG } from './moderation.ts';
import { NEAR_MSG } from './near.ts';
import { NOTIFICATION_MSG } from './notifications.ts';
import { PLACE_MSG } from './places.ts';
import { POLL_MSG } from './polls.ts';
import { PUSH_MSG } from './push.ts';
import { SIGNUP_MSG } from './signups.ts';
import { SPONSOR_MSG } from './sponsors.ts';
import { UPLOAD_MSG } from './uploads.ts';
import { NEARBY_MSG } from './users.ts';

/**
 * Stable, machine-readable error codes (decision 043): every API error body and socket
 * error acknowledgement carries `code` beside its English `message`, and the web app shows its
 * own translation of `errors.<code>`.
 *
 * The codes come from the message constants, so a throw needs no code of its own: the error
 * handler looks the message up here. A constant `EVENT_MSG.notFound` gives `EVENT_NOT_FOUND`
 * (the group's prefix, unless the key already starts with it; `MSG` has none). Two constants with
 * the same text share the code of the first listed below, since the text, and so its
 * translation, is the same. Messages built by a function (a number or a name in them) are
 * matched by a pattern and carry what was filled in as `params`. A message found nowhere gets
 * its status's generic code (`BAD_REQUEST`, `NOT_FOUND`, …).
 */

/**
 * The groups in lookup order: the first group with a text names its code. Every exported `*_MSG`
 * of the contracts is one (error-codes.test.ts fails for one that is not), so no message the
 * server answers stays English in another language.
 */
export const MESSAGE_GROUPS: readonly (readonly [prefix: string, texts: Record<string, unknown>])[] = [
  ['', MSG],
  ['EVENT', EVENT_MSG],
  ['CAPACITY', CAPACITY_MSG],
  ['SERIES', SERIES_MSG],
  ['COMMUNITY', COMMUNITY_MSG],
  ['ANNOUNCEMENT', ANNOUNCEMENT_MSG],
  ['CHAT', CHAT_MSG],
  ['GROUP', GROUP_MSG],
  ['FRIEND', FRIEND_MSG],
  ['BLOCK', BLOCK_MSG],
  ['MODERATION', MODERATION_MSG],
  ['NOTIFICATION', NOTIFICATION_MSG],
  ['PUSH', PUSH_MSG],
  ['UPLOAD', UPLOAD_MSG],
  ['POLL', POLL_MSG],
  ['SIGNUP', SIGNUP_MSG],
  ['PLACE', PLACE_MSG],
  ['LOCALE', LOCALE_MSG],
  ['INVITATION', INVITATION_MSG],
  ['CLUB_IO', CLUB_IO_MSG],
  ['GUEST', GUEST_MSG],
  ['NEAR', NEAR_MSG],
  ['NEARBY', NEARBY_MSG],
  ['SPONSOR', SPONSOR_MSG],
  ['ALBUM', ALBUM_MSG],
  ['RECAP', RECAP_MSG],
  ['FEDERATION', FEDERATION_MSG],
];

/** Texts of these constants are answers to success, or labels, never an error. */
const NOT_ERRORS = new Set([
  'registered',
  'loggedOut',
  'forgotPasswordSent',
  'passwordResetDone',
  'emailVerified',
  'verificationSent',
  'passwordChanged',
  'preferencesSaved',
  'sessionEnded',
  'otherSessionsEnded',
  'subgroupDeleted',
  'subscriptionDeleted',
  'deleted',
  'sent',
  'accepted',
  'declined',
  'removed',
  'receivedNotification',
  'acceptedNotification',
  'reportSent',
  'messageDeleted',
  'outcome',
  'blocked',
  'unblocked',
  'placeholder',
  'composerDisabled',
  'neverInvited',
  'neverEmailed',
  'votesAccepted',
  'votesWithdrawn',
]);

/** The generic code of each status, for a message no constant holds. */
export const STATUS_CODES_GENERIC: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** The English text of each generic code (the web shows it translated). */
const GENERIC_TEXTS: Record<string, string> = {
  BAD_REQUEST: MSG.badRequest,
  UNAUTHORIZED: MSG.unauthorized,
  FORBIDDEN: 'You are not allowed to do this',
  NOT_FOUND: MSG.notFound,
  METHOD_NOT_ALLOWED: 'This request is not allowed here',
  NOT_ACCEPTABLE: 'This answer cannot be given in the requested format',
  CONFLICT: 'This conflicts with something that already exists',
  GONE: 'This is no longer available',
  PAYLOAD_TOO_LARGE: MSG.bodyTooLarge,
  UNSUPPORTED_MEDIA_TYPE: MSG.unsupportedContentType,
  UNPROCESSABLE: 'This request could not be processed',
  TOO_MANY_REQUESTS: MSG.tooManyRequests,
  INTERNAL_ERROR: MSG.internalError,
  SERVICE_UNAVAILABLE: MSG.serviceUnavailable,
  /** A request schema refused the input with a message of its own (not one of ours). */
  VALIDATION_FAILED: 'Some of the input is not valid',
};

/**
 * Messages made by a function: a pattern per wording, its named groups become `params`, and the
 * text is the ICU message the web translates (the same English for every value).
 */
const PATTERNS: { code: string; pattern: RegExp; params?: Record<string, string>; text: string }[] = [
  {
    code: 'TOO_MANY_REQUESTS_RETRY',
    pattern: /^Too many attempts\. Please try again in (?<seconds>\d+) seconds\.$/,
    text: 'Too many attempts. Please try again in {seconds} seconds.',
  },
  {
    code: 'TOO_MANY_REQUESTS_RETRY_MINUTES',
    pattern: /^Too many attempts\. Please try again in (?<minutes>\d+) minutes?\.$/,
    text: 'Too many attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  {
    code: 'CAPACITY_TOO_MANY_GUESTS',
    pattern: /^(?:This event does not allow guests|You can bring at most (?<max>\d+) guests)$/,
    text: '{max, plural, =0 {This event does not allow guests} other {You can bring at most # guests}}',
  },
  {
    code: 'CAPACITY_NOT_ENOUGH_PLACES',
    pattern:
      /^(?:There are no places left for your guests|Only (?<left>\d+) places are left for your guests)$/,
    text: '{left, plural, =0 {There are no places left for your guests} other {Only # places are left for your guests}}',
  },
  {
    code: 'CAPACITY_ANSWER_REQUIRED',
    pattern: /^Please answer: (?<question>[\s\S]+)$/,
    text: 'Please answer: {question}',
  },
  {
    code: 'CAPACITY_ALREADY_CHECKED_IN',
    pattern: /^Already checked in at (?<when>[\s\S]+)$/,
    text: 'Already checked in at {when}',
  },
  {
    code: 'SIGNUP_FULL',
    pattern: /^(?:This item is already fully claimed|Only (?<left>\d+) left: claim \d+ or fewer)$/,
    text: '{left, plural, =0 {This item is already fully claimed} other {Only # left: claim # or fewer}}',
  },
  {
    code: 'SIGNUP_BELOW_CLAIMED',
    pattern: /^(?<claimed>\d+) already claimed: the quantity cannot be lower$/,
    text: '{claimed} already claimed: the quantity cannot be lower',
  },
  {
    code: 'ROUTE_NOT_FOUND',
    pattern: /^Cannot (?<method>[A-Z]+) (?<path>\S*)$/,
    text: 'Cannot {method} {path}',
  },
];

/**
 * A request schema's own refusal (zod), when its message is none of the constants: a code per
 * kind of issue, with the input's `field` (its path, `questions.0.text`) and the `limit` it broke.
 * The English `message` on the wire stays the schema's; these texts are what the web translates.
 */
const VALIDATION_TEXTS: Record<string, string> = {
  VALIDATION_REQUIRED: '{field} is required',
  VALIDATION_INVALID_TYPE: '{field} has the wrong type',
  VALIDATION_TOO_LONG: '{field} must be at most {limit} characters',
  VALIDATION_TOO_SHORT: '{field} must be at least {limit} characters',
  VALIDATION_TOO_LARGE: '{field} must be at most {limit}',
  VALIDATION_TOO_SMALL: '{field} must be at least {limit}',
  VALIDATION_TOO_MANY: '{field} takes at most {limit} items',
  VALIDATION_TOO_FEW: '{field} needs at least {limit} items',
  VALIDATION_INVALID_FORMAT: '{field} is not in a valid format',
  VALIDATION_INVALID_OPTION: '{field} is not one of the allowed values',
  VALIDATION_UNKNOWN_FIELD: '{field} is not a field this request takes',
  VALIDATION_INVALID: '{field} is not valid',
};

/** One issue as fastify-type-provider-zod reports it (`keyword` is zod's issue code). */
export type ValidationIssue = { keyword: string; instancePath: string; message?: string; params?: unknown };

const SIZE_CODES: Record<string, [tooBig: string, tooSmall: string]> = {
  string: ['VALIDATION_TOO_LONG', 'VALIDATION_TOO_SHORT'],
  array: ['VALIDATION_TOO_MANY', 'VALIDATION_TOO_FEW'],
  set: ['VALIDATION_TOO_MANY', 'VALIDATION_TOO_FEW'],
};

/** The code and params of a schema's refusal whose message no constant holds. */
export function validationCode(issue: ValidationIssue): ErrorCode {
  const p = (issue.params ?? {}) as { origin?: string; maximum?: unknown; minimum?: unknown; keys?: unknown };
  const field = issue.instancePath.split('/').filter(Boolean).join('.') || 'body';
  const sized = (which: 0 | 1, limit: unknown): ErrorCode => {
    const code =
      SIZE_CODES[p.origin ?? '']?.[which] ?? (which === 0 ? 'VALIDATION_TOO_LARGE' : 'VALIDATION_TOO_SMALL');
    // A text of at least one character: "required", as people read it.
    if (code === 'VALIDATION_TOO_SHORT' && Number(limit) === 1)
      return { code: 'VALIDATION_REQUIRED', params: { field } };
    return { code, params: { field, limit: String(limit) } };
  };
  switch (issue.keyword) {
    case 'invalid_type':
      return {
        code: /received undefined$| is required$/.test(issue.message ?? '')
          ? 'VALIDATION_REQUIRED'
          : 'VALIDATION_INVALID_TYPE',
        params: { field },
      };
    case 'too_big':
      return sized(0, p.maximum);
    case 'too_small':
      return sized(1, p.minimum);
    case 'invalid_format':
      return { code: 'VALIDATION_INVALID_FORMAT', params: { field } };
    case 'invalid_value':
      return { code: 'VALIDATION_INVALID_OPTION', params: { field } };
    case 'unrecognized_keys': {
      const [key] = Array.isArray(p.keys) ? p.keys : [];
      return {
        code: 'VALIDATION_UNKNOWN_FIELD',
        params: { field: field === 'body' ? String(key) : `${field}.${key}` },
      };
    }
    default:
      return { code: 'VALIDATION_INVALID', params: { field } };
  }
}

/** The fixed params of a wording without its number ("This event does not allow guests" is 0). */
const ZERO_WHEN_ABSENT = new Set(['max', 'left']);

const screaming = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();

function codeOf(prefix: string, key: string): string {
  const name = screaming(key);
  if (!prefix || name === prefix || name.startsWith(`${prefix}_`)) return name;
  return `${prefix}_${name}`;
}

const byText = new Map<string, string>();
/** Every code and its English text (an ICU message for the patterned ones). */
export const ERROR_CODES: Record<string, string> = {};
for (const [prefix, texts] of MESSAGE_GROUPS)
  for (const [key, text] of Object.entries(texts)) {
    if (typeof text !== 'string' || NOT_ERRORS.has(key) || byText.has(text)) continue;
    const code = codeOf(prefix, key);
    if (ERROR_CODES[code] !== undefined) throw new Error(`error code ${code} named twice`);
    byText.set(text, code);
    ERROR_CODES[code] = text;
  }
for (const [code, text] of Object.entries(GENERIC_TEXTS)) {
  if (!byText.has(text)) byText.set(text, code);
  ERROR_CODES[code] = text;
}
for (const { code, text } of PATTERNS) ERROR_CODES[code] = text;
for (const [code, text] of Object.entries(VALIDATION_TEXTS)) ERROR_CODES[code] = text;

/**
 * Codes a throw names itself, where the original client's contract fixes the text another code
 * already has: a refresh refused because the session was ended from another device (signed out
 * there, "sign out everywhere else", a password change or reset) is still "Invalid refresh token",
 * but says why in its code, so a page with no socket can tell the person.
 */
export const NAMED_CODES = {
  SESSION_ENDED_ELSEWHERE: 'SESSION_ENDED_ELSEWHERE',
} as const;
ERROR_CODES[NAMED_CODES.SESSION_ENDED_ELSEWHERE] = MSG.invalidRefreshToken;

export type ErrorCode = { code: string; params?: Record<string, string> };

/** The code of an error message answered with `status`. */
export function errorCodeOf(message: string, status: number, fallback?: string): ErrorCode {
  const code = byText.get(message);
  if (code) return { code };
  for (const { code, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {}))
      params[name] = value ?? (ZERO_WHEN_ABSENT.has(name) ? '0' : '');
    return Object.keys(params).length ? { code, params } : { code };
  }
  return {
    code: fallback ?? STATUS_CODES_GENERIC[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST'),
  };
}
