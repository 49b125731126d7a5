import { z } from 'zod';
import { personSummary } from './chat.ts';
import { SPAM_LIMITS } from './limits.ts';

/** Blocking. */
export const BLOCK_LIMITS = {
  /** People one account may block; GET /api/users/me/blocks answers all of them at once. */
  max: 1000,
} as const;

export const BLOCK_MSG = {
  self: 'You cannot block yourself',
  tooMany: `You can block at most ${BLOCK_LIMITS.max} people`,
  blocked: 'Blocked',
  unblocked: 'Unblocked',
  /** What the blocker sees in place of a hidden message. */
  placeholder: 'Message from a person you blocked',
  /** The composer of a conversation with someone blocked, either way. */
  composerDisabled: 'You cannot send messages in this conversation.',
} as const;

/** A person the caller has blocked, with the public fields of a profile. */
export const blockedUser = personSummary.extend({ blockedAt: z.string() });
export type BlockedUser = z.infer<typeof blockedUser>;
/** GET /api/users/me/blocks: newest first, every one of them (at most BLOCK_LIMITS.max). */
export const blocksResponse = z.object({ blocks: z.array(blockedUser) });
export type BlocksResponse = z.infer<typeof blocksResponse>;

/**
 * Socket `relationship-changed` to both people (every tab) when a block ended their friendship or
 * a pending request: clients refresh what they show about `userId`. It names no reason.
 */
export type RelationshipChangedEvent = { userId: string };

const TLDS =
  'com|net|org|io|co|info|biz|me|app|dev|xyz|ru|cn|tk|ly|gg|link|site|online|shop|top|club|live|uk|de|fr|us|eu';
const LINK = new RegExp(
  `(?:[a-z][a-z0-9+.-]*://|www\\.|\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})(?:[/:?#]|\\b))`,
  'i',
);

/** Whether a chat text contains something a browser or a reader would take for a link. */
export const containsLink = (content: string): boolean => LINK.test(content);

/** New for anti-spam purposes: created less than a day ago, or e-mail not verified. */
export const isNewAccount = (
  account: { createdAt: Date | string; emailVerified: boolean },
  now = Date.now(),
) => !account.emailVerified || now - new Date(account.createdAt).getTime() < SPAM_LIMITS.newAccountMs;
