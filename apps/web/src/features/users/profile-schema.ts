import { emailField, LIMITS, MSG, ROLES, usernameField } from '@townsquare/contracts';
import { z } from 'zod';

export const INTEREST_REQUIRED = 'At least one interest is required';
export const ROLE_REQUIRED_EDIT = 'Please select at least one role.';

/** The phone field holds digits only (at most 10); when present it must be exactly 10. */
const phoneDigitsField = z.string().refine((v) => v === '' || /^\d{10}$/.test(v), MSG.phoneInvalid);

const interestsList = z.array(z.string()).max(LIMITS.interestsMax, MSG.interestsTooMany);

/** Spec 5, profile setup. */
export const profileSetupSchema = z.object({
  username: usernameField,
  roles: z.array(z.enum(ROLES)).min(1, MSG.rolesRequired),
  phoneNumber: phoneDigitsField,
  interests: interestsList.min(1, INTEREST_REQUIRED),
  bio: z.string().max(LIMITS.bioMax, MSG.bioTooLong),
  profileImage: z.string().nullable(),
});
export type ProfileSetupValues = z.input<typeof profileSetupSchema>;

/** Spec 5, profile edit: the same fields plus name and e-mail; roles have their own message. */
export const profileEditSchema = z.object({
  fullName: z.string().trim().min(1, MSG.fullNameRequired).max(LIMITS.fullNameMax, MSG.fullNameTooLong),
  username: usernameField,
  email: emailField,
  roles: z.array(z.enum(ROLES)).min(1, ROLE_REQUIRED_EDIT),
  phoneNumber: phoneDigitsField,
  interests: interestsList,
  bio: z.string().max(LIMITS.bioMax, MSG.bioTooLong),
  profileImage: z.string().nullable(),
  /** Asked for only when the e-mail changes; the form checks that (it knows the old address). */
  currentPassword: z.string(),
});
export type ProfileEditValues = z.input<typeof profileEditSchema>;

/** Shown while a new address waits for its confirmation link to be followed. */
export const pendingEmailText = (address: string) => `Pending verification of ${address}`;

/** Interests use the tag widget with their own limits (contract LIMITS). */
export const INTEREST_MESSAGES = {
  tooShort: MSG.interestInvalid,
  tooLong: MSG.interestInvalid,
  tooMany: () => MSG.interestsTooMany,
  duplicate: 'This interest has already been added',
};

/** Keeps lower-case letters, digits and underscores, lower-casing as the person types. */
export function sanitizeUsername(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9_]/g, '');
}
