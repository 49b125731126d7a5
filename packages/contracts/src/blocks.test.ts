import { describe, expect, it } from 'vitest';
import { containsLink, isNewAccount } from './blocks.ts';
import { SPAM_LIMITS } from './limits.ts';

describe('containsLink', () => {
  it.each([
    'https://example.org/x',
    'see HTTP://SPAM.TEST',
    'www.spam.test',
    'buy at pills-shop.com now',
    'cheap.ru/deals',
    'mailto://a',
  ])('finds a link in %s', (text) => expect(containsLink(text)).toBe(true));

  it.each([
    'Meet at 7. Bring water.',
    'node.js meetup on Friday',
    'e.g. the park, i.e. north gate',
    'score was 3.5 to 2',
    'Ana.Sousa says hi',
  ])('finds none in %s', (text) => expect(containsLink(text)).toBe(false));
});

describe('isNewAccount', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now - h * 3600_000);
  it('is new under 24 h, or while the address is unverified', () => {
    expect(isNewAccount({ createdAt: hoursAgo(23), emailVerified: true }, now)).toBe(true);
    expect(isNewAccount({ createdAt: hoursAgo(48), emailVerified: false }, now)).toBe(true);
    expect(isNewAccount({ createdAt: hoursAgo(25), emailVerified: true }, now)).toBe(false);
    expect(SPAM_LIMITS.friendRequestsPerDayNew).toBeLessThan(SPAM_LIMITS.friendRequestsPerDay);
  });
});
