/** Business constants shared by the server and the web app (product spec, section 9). */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 256,
  fullNameMax: 100,
  emailMax: 254,
  usernameMin: 3,
  usernameMax: 30,
  bioMax: 1000,
  phoneDigits: 10,
  interestMin: 2,
  interestMax: 30,
  interestsMax: 20,
  identifierMax: 254,
  tokenMax: 512,
  urlMax: 2048,
  tagMin: 2,
  tagMax: 20,
  tagsMax: 10,
  imageMaxBytes: 5 * 1024 * 1024,
  /** Width × height (× frames): 24 MP is a 6000 × 4000 photo, more than any profile or event image needs. */
  imageMaxPixels: 24_000_000,
  eventImageMaxBytes: 10 * 1024 * 1024,
} as const;

/** Lower-case letters, digits and underscores (spec section 5, profile setup). */
export const USERNAME_PATTERN = /^[a-z0-9_]+$/;

export const ROLES = ['Club_Founder', 'Member', 'Sponsor', 'Creator'] as const;
export type Role = (typeof ROLES)[number];

/** Anti-spam limits. An account is new for 24 h after sign-up, or until its e-mail is verified. */
export const SPAM_LIMITS = {
  newAccountMs: 24 * 60 * 60_000,
  friendRequestsPerDayNew: 20,
  friendRequestsPerDay: 50,
  friendRequestWindowMs: 24 * 60 * 60_000,
} as const;
