import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The one link signer over one key ring (decision 066). Every token a link or code carries
 * without a session (account and guest mail, invitations, opt-outs, unsubscribe, tickets and door
 * codes, calendar feeds, local upload URLs) is an HMAC-SHA256 of a text under a key derived for its
 * purpose: HKDF-SHA256 of a ring secret with the purpose as info. A token of one purpose therefore
 * never works as another, and no link shares a key with the JWT access tokens.
 *
 * The ring is the current secret (which signs) and the previous ones (which still verify), so a
 * secret is rotated by putting a new one in front and retired by removing it. Beside the ring, the
 * secrets each purpose was signed with before decision 066 still verify their purpose's tokens, in
 * the text form of the time, until the operator turns them off (LINK_SIGNING_LEGACY=false): links
 * mailed before the upgrade keep working.
 */
export type LinkPurpose =
  /** Account mail links and guest confirm/manage links: derived from a row id, stored hashed. */
  | 'email-token'
  | 'community-invite'
  | 'invite-never'
  | 'guest-form'
  | 'guest-never'
  | 'unsubscribe'
  | 'ticket'
  | 'door'
  | 'calendar-feed'
  | 'upload-put';

/** The secrets links were signed with before decision 066 (verification only). */
export type LegacyLinkSecrets = {
  jwt?: string | undefined;
  uploadSigning?: string | undefined;
  unsubscribe?: string | undefined;
  ticket?: string | undefined;
};

/** `ring[0]` signs; every entry verifies; `legacy` verifies each purpose's pre-066 tokens. */
export type LinkKeys = { ring: readonly string[]; legacy?: LegacyLinkSecrets | undefined };

export type LinkSigner = {
  /** The signature of `text` for `purpose` under the current key (base64url, 256 bits). */
  sign(purpose: LinkPurpose, text: string): string;
  /** Whether `signature` is one the ring made for `text` and `purpose` (constant-time). */
  verify(purpose: LinkPurpose, text: string, signature: string): boolean;
  /**
   * Every signature the ring accepts for `text`, the current one first: for tokens stored only as
   * a hash, where the one to mail again is the one whose hash was stored.
   */
  signatures(purpose: LinkPurpose, text: string): string[];
};

type Key = { key: Buffer | string; text: (text: string) => string; legacy: boolean };

/**
 * How each purpose was signed before decision 066: which secret, and how the text was framed
 * (most as `<purpose>:<text>` under the JWT secret; calendar feeds under a key derived from it;
 * upload URLs bare under the upload secret).
 */
const LEGACY: Record<LinkPurpose, (s: LegacyLinkSecrets) => Key | undefined> = {
  'email-token': (s) => prefixed(s.jwt, 'email-token'),
  'community-invite': (s) => prefixed(s.jwt, 'community-invite'),
  'invite-never': (s) => prefixed(s.jwt, 'invite-never'),
  'guest-form': (s) => prefixed(s.jwt, 'guest-form'),
  'guest-never': (s) => prefixed(s.jwt, 'guest-never'),
  unsubscribe: (s) => prefixed(s.unsubscribe, 'unsubscribe'),
  ticket: (s) => prefixed(s.ticket, 'ticket'),
  door: (s) => prefixed(s.ticket, 'door'),
  'calendar-feed': (s) =>
    s.jwt
      ? { key: mac(s.jwt, 'townsquare calendar feed v1', 'buffer'), text: (t) => t, legacy: true }
      : undefined,
  'upload-put': (s) => (s.uploadSigning ? { key: s.uploadSigning, text: (t) => t, legacy: true } : undefined),
};

function prefixed(secret: string | undefined, purpose: string): Key | undefined {
  return secret ? { key: secret, text: (t) => `${purpose}:${t}`, legacy: true } : undefined;
}

function mac(key: Buffer | string, text: string, as: 'buffer'): Buffer;
function mac(key: Buffer | string, text: string): string;
function mac(key: Buffer | string, text: string, as?: 'buffer'): Buffer | string {
  const digest = createHmac('sha256', key).update(text);
  return as ? digest.digest() : digest.digest('base64url');
}

/** Constant-time comparison of two texts (a signature given against one expected). */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const SALT = 'townsquare signed links';

/** The signer over `keys`; `onLegacy` hears each acceptance by a pre-066 key (for the log). */
export function createLinkSigner(keys: LinkKeys, onLegacy?: (purpose: LinkPurpose) => void): LinkSigner {
  if (keys.ring.length === 0) throw new Error('the link signing ring needs a secret');
  const cache = new Map<LinkPurpose, Key[]>();

  function keysOf(purpose: LinkPurpose): Key[] {
    let found = cache.get(purpose);
    if (!found) {
      found = keys.ring.map((secret) => ({
        key: Buffer.from(hkdfSync('sha256', secret, SALT, purpose, 32)),
        text: (t: string) => t,
        legacy: false,
      }));
      const legacy = keys.legacy && LEGACY[purpose](keys.legacy);
      if (legacy) found.push(legacy);
      cache.set(purpose, found);
    }
    return found;
  }

  return {
    sign(purpose, text) {
      const [current] = keysOf(purpose);
      // keysOf starts with the ring, which the check above keeps non-empty.
      return mac((current as Key).key, text);
    },
    verify(purpose, text, signature) {
      let match: Key | undefined;
      // Every key is tried, so the time taken does not say which one matched.
      for (const key of keysOf(purpose)) if (sameText(signature, mac(key.key, key.text(text)))) match ??= key;
      if (match?.legacy) onLegacy?.(purpose);
      return match !== undefined;
    },
    signatures: (purpose, text) => keysOf(purpose).map((key) => mac(key.key, key.text(text))),
  };
}

/** `<address, base64url>.<signature>`: a link that speaks for one e-mail address (its opt-outs). */
export function addressToken(links: LinkSigner, purpose: LinkPurpose, email: string): string {
  return `${Buffer.from(email).toString('base64url')}.${links.sign(purpose, email)}`;
}

/** The address an `addressToken` of `purpose` was signed for, or undefined for anything else. */
export function readAddressToken(links: LinkSigner, purpose: LinkPurpose, token: string): string | undefined {
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return undefined;
  const email = Buffer.from(encoded, 'base64url').toString();
  return links.verify(purpose, email, signature) ? email : undefined;
}
