import { z } from 'zod';
import { LIMITS, ROLES, USERNAME_PATTERN } from './limits.ts';
import { MSG } from './messages.ts';

/**
 * Field builders with the messages the product spec names. Each one reports "missing" and
 * "wrong type" (an array or a number where text belongs) separately, so a bad body is always a
 * 400 with a readable sentence, never a generic parser error.
 */
export function text(label: string, required = `${label} is required`) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? required : `${label} must be text`,
    })
    .refine((value) => !value.includes('\u0000'), `${label} contains characters that are not allowed`);
}

export const EMAIL_PATTERN = z.regexes.email;

export const emailField = text('Email', MSG.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, MSG.emailRequired)
  .max(LIMITS.emailMax, MSG.emailTooLong)
  .regex(EMAIL_PATTERN, MSG.emailInvalid);

/** Trimmed text that must not be blank (`required`) nor longer than `max` (`tooLong`). */
export const requiredText = (label: string, required: string, max: number, tooLong: string) =>
  text(label, required).trim().min(1, required).max(max, tooLong);

/** A new password's length rules, with the form's own label and "required" message. */
export const newPassword = (label: string, required: string) =>
  text(label, required)
    .min(1, required)
    .min(LIMITS.passwordMin, MSG.passwordTooShort)
    .max(LIMITS.passwordMax, MSG.passwordTooLong)
    // Eight spaces are eight characters, and a password nobody can tell from an empty field.
    .refine((value) => value.length < LIMITS.passwordMin || /\S/.test(value), MSG.passwordBlank);

export const newPasswordField = newPassword('Password', MSG.passwordRequired);

/** A person's name, trimmed: the account's full name, or the name a guest answers with. */
export const fullNameField = (label: string) =>
  requiredText(label, MSG.fullNameRequired, LIMITS.fullNameMax, MSG.fullNameTooLong)
    // A name is said and searched for: "🎉🎉" or "..." is not one (any script's letters are).
    .refine((value) => value === '' || /\p{L}/u.test(value), MSG.fullNameNoLetters);

export const usernameField = text('Username', MSG.usernameRequired)
  .trim()
  .toLowerCase()
  .min(1, MSG.usernameRequired)
  .regex(USERNAME_PATTERN, MSG.usernameInvalid)
  .min(LIMITS.usernameMin, MSG.usernameLength)
  .max(LIMITS.usernameMax, MSG.usernameLength);

export const roleField = z.enum(ROLES, { error: MSG.roleInvalid });

export const rolesField = z
  .array(roleField, { error: MSG.rolesRequired })
  .min(1, MSG.rolesRequired)
  .max(ROLES.length * 4, MSG.roleInvalid)
  .transform((roles) => [...new Set(roles)]);

/** Optional phone: empty, or exactly 10 digits once the usual formatting characters are removed. */
export const phoneField = text('Phone number')
  .max(32, MSG.phoneInvalid)
  .transform((value) => value.replace(/[\s().+-]/g, ''))
  .refine((digits) => digits === '' || /^\d{10}$/.test(digits), MSG.phoneInvalid);

export const interestsField = z
  .array(
    text('Interest')
      .trim()
      .min(LIMITS.interestMin, MSG.interestInvalid)
      .max(LIMITS.interestMax, MSG.interestInvalid),
    { error: 'Interests must be a list of words' },
  )
  .max(LIMITS.interestsMax, MSG.interestsTooMany)
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((item) => {
      const key = item.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/**
 * A uuid in a path: anything else can never match a row, so routes answer 404 for it, whatever
 * its length (Fastify's maxParamLength already bounds it; a bare `.max()` here answered zod's
 * generic "Too big" text for 65 to 100 characters).
 */
export const idParam = z.string();
/** A path's one id (`/:id`). */
export const idParams = z.object({ id: idParam });

/** A row's id twice: `_id` for the original client (contract 2), `id` for ours. */
export const bothIds = { _id: z.string(), id: z.string() };

/** A `?limit=` of 1 to `max` (`fallback` when absent); any other value is answered with `message`. */
export const pageLimitField = (max: number, fallback: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);

/** True for a time zone name the runtime's Intl data knows (IANA: `Europe/Berlin`, `UTC`). */
export function isValidTimeZone(value: string): boolean {
  if (value === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_INVALID = 'Time zone must be an IANA time zone such as Europe/Berlin';

/** An IANA time zone, checked against Intl (events and series are shown in it). */
export const timeZoneField = text('Time zone').refine(isValidTimeZone, TIME_ZONE_INVALID);

/** An ISO 4217 code the runtime knows (upper-cased): an instance's or a community's currency. */
export const currencyField = z
  .string({ error: MSG.currencyInvalid })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(
    (code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code),
    MSG.currencyInvalid,
  );
