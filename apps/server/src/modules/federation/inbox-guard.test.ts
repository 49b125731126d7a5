import { describe, expect, it } from 'vitest';
import { inboxRefused, storedInboxRefused } from './inbox-guard.ts';

/** What a remote actor may name as its inbox (SSRF: the server POSTs there on every change). */
describe('inboxRefused', () => {
  const production = { allowPrivate: false, isBlocked: (host: string) => host === 'spam.example' };

  it.each([
    'http://169.254.169.254/latest/meta-data',
    'https://169.254.169.254/inbox',
    'https://127.0.0.1:5432/',
    'https://10.1.2.3/inbox',
    'https://[::1]/inbox',
    'https://[fd00::1]/inbox',
    'https://localhost/inbox',
    'https://printer.local/inbox',
    'https://spam.example/inbox',
    'ftp://social.example/inbox',
    'https://user:pass@social.example/inbox',
  ])('refuses %s', async (inbox) => {
    expect(await inboxRefused(new URL(inbox), production)).toBe(true);
  });

  it('refuses a name that does not resolve', async () => {
    expect(await inboxRefused(new URL('https://no-such-host.invalid/inbox'), production)).toBe(true);
  });

  it('takes a missing shared inbox as nothing to judge', async () => {
    expect(await inboxRefused(undefined, production)).toBe(false);
  });

  it('with private addresses allowed (the tests’ loopback peers), takes loopback but never a blocked domain', async () => {
    const tests = { ...production, allowPrivate: true };
    expect(await inboxRefused(new URL('http://127.0.0.1:4100/inbox'), tests)).toBe(false);
    expect(await inboxRefused(new URL('https://spam.example/inbox'), tests)).toBe(true);
  });
});

describe('storedInboxRefused', () => {
  const production = { allowPrivate: false, isBlocked: (host: string) => host === 'spam.example' };
  it('refuses stored private literals and domains blocked since, without a lookup', () => {
    expect(storedInboxRefused('https://10.0.0.7/inbox', production)).toBe(true);
    expect(storedInboxRefused('https://spam.example/inbox', production)).toBe(true);
    expect(storedInboxRefused('https://social.example/inbox', production)).toBe(false);
    expect(storedInboxRefused('not a url', production)).toBe(true);
  });
});
