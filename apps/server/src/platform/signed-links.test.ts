import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressToken, createLinkSigner, type LinkPurpose, readAddressToken } from './signed-links.ts';

/** The one link signer over one key ring (decision 066). */

const current = 'c'.repeat(48);
const previous = 'p'.repeat(48);
const legacy = {
  jwt: 'j'.repeat(48),
  uploadSigning: 'u'.repeat(48),
  unsubscribe: 's'.repeat(48),
  ticket: 't'.repeat(48),
};

// How each purpose was signed before decision 066, written out as the modules wrote it.
const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url');
const calendarKey = createHmac('sha256', legacy.jwt).update('townsquare calendar feed v1').digest();
const BEFORE: Array<[LinkPurpose, string, string]> = [
  ['email-token', 'id-1', hmac(legacy.jwt, 'email-token:id-1')],
  ['community-invite', 'id-2', hmac(legacy.jwt, 'community-invite:id-2')],
  ['invite-never', 'a@example.com', hmac(legacy.jwt, 'invite-never:a@example.com')],
  ['guest-form', 'ev:123', hmac(legacy.jwt, 'guest-form:ev:123')],
  ['guest-never', 'a@example.com', hmac(legacy.jwt, 'guest-never:a@example.com')],
  ['unsubscribe', 'u:mentions:abc', hmac(legacy.unsubscribe, 'unsubscribe:u:mentions:abc')],
  ['ticket', 'ev:u', hmac(legacy.ticket, 'ticket:ev:u')],
  ['door', 'ev:u', hmac(legacy.ticket, 'door:ev:u')],
  ['calendar-feed', 'u:nonce', hmac(calendarKey, 'u:nonce')],
  ['upload-put', 'PUT\nkey\nimage/png\n10\n99', hmac(legacy.uploadSigning, 'PUT\nkey\nimage/png\n10\n99')],
];

describe('the link signer', () => {
  const links = createLinkSigner({ ring: [current, previous], legacy });

  it('verifies what it signed and refuses a tampered text or signature', () => {
    const signature = links.sign('ticket', 'event:person');
    expect(links.verify('ticket', 'event:person', signature)).toBe(true);
    expect(links.verify('ticket', 'event:someone-else', signature)).toBe(false);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(links.verify('ticket', 'event:person', flipped)).toBe(false);
    expect(links.verify('ticket', 'event:person', '')).toBe(false);
    expect(links.verify('ticket', 'event:person', `${signature}x`)).toBe(false);
  });

  it('refuses a token of one purpose for another', () => {
    const never = addressToken(links, 'guest-never', 'a@example.com');
    expect(readAddressToken(links, 'guest-never', never)).toBe('a@example.com');
    expect(readAddressToken(links, 'invite-never', never)).toBeUndefined();
    const signature = links.sign('unsubscribe', 'same text');
    expect(links.verify('calendar-feed', 'same text', signature)).toBe(false);
    expect(links.sign('door', 'x')).not.toBe(links.sign('ticket', 'x'));
  });

  it('signs with the current key; a previous one verifies until it leaves the ring', () => {
    const before = createLinkSigner({ ring: [previous] });
    const signature = before.sign('calendar-feed', 'u:n');
    expect(links.sign('calendar-feed', 'u:n')).not.toBe(signature);
    expect(links.verify('calendar-feed', 'u:n', signature)).toBe(true);
    const rotatedOut = createLinkSigner({ ring: [current], legacy });
    expect(rotatedOut.verify('calendar-feed', 'u:n', signature)).toBe(false);
    expect(links.signatures('calendar-feed', 'u:n')[0]).toBe(links.sign('calendar-feed', 'u:n'));
  });

  it('never signs with the JWT secret, though links it signed before 066 still verify', () => {
    const heard: LinkPurpose[] = [];
    const signer = createLinkSigner({ ring: [current], legacy }, (purpose) => heard.push(purpose));
    for (const [purpose, text, signature] of BEFORE) {
      expect(signer.verify(purpose, text, signature), purpose).toBe(true);
      expect(signer.sign(purpose, text), purpose).not.toBe(signature);
    }
    expect(heard).toEqual(BEFORE.map(([purpose]) => purpose));
    // A pre-066 signature of one purpose is no good for another either.
    expect(
      signer.verify('invite-never', 'a@example.com', hmac(legacy.jwt, 'guest-never:a@example.com')),
    ).toBe(false);
  });

  it('refuses links signed before 066 once the operator retires them (LINK_SIGNING_LEGACY=false)', () => {
    const retired = createLinkSigner({ ring: [current] });
    for (const [purpose, text, signature] of BEFORE)
      expect(retired.verify(purpose, text, signature)).toBe(false);
  });
});
