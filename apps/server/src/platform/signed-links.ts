import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one link signer (decision 063): every token a mailed link carries without a session is an
 * HMAC-SHA256 of a purpose-prefixed text under the signed-mail secret. The purpose (`email-token`,
 * `guest-never`, `community-invite`, `invite-never`, …) keeps a token of one kind from working as
 * another; the output is the same base64url text the modules computed before they shared this.
 */
export const signText = (secret: string, purpose: string, text: string): string =>
  createHmac('sha256', secret).update(`${purpose}:${text}`).digest('base64url');

/** Constant-time comparison of two texts (a signature given against the one expected). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `<address, base64url>.<signature>`: a link that speaks for one e-mail address (its opt-outs). */
export function addressToken(secret: string, purpose: string, email: string): string {
  return `${Buffer.from(email).toString('base64url')}.${signText(secret, purpose, email)}`;
}

/** The address an `addressToken` of `purpose` was signed for, or undefined for anything else. */
export function readAddressToken(secret: string, purpose: string, token: string): string | undefined {
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return undefined;
  const email = Buffer.from(encoded, 'base64url').toString();
  return sameText(signature, signText(secret, purpose, email)) ? email : undefined;
}
