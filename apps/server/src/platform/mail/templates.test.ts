import { describe, expect, it } from 'vitest';
import { communityInvitationMail } from './templates.ts';

const invitation = (name: string, locale?: 'en' | 'de' | 'fr' | 'es') =>
  communityInvitationMail({
    to: 'nobody@example.com',
    name,
    community: 'Riverside Runners',
    link: 'https://town.example/c/runners?invite=t',
    neverUrl: 'https://town.example/never',
    locale,
  });

describe('the invitation of a member list', () => {
  it('greets the name the list gave', () => {
    expect(invitation('Ana').text.startsWith('Hi Ana,\n')).toBe(true);
    expect(invitation('Ana', 'de').text.startsWith('Hallo Ana,\n')).toBe(true);
  });

  it('greets without a name when the line had none, in every language', () => {
    expect(invitation('').text.startsWith('Hi,\n')).toBe(true);
    expect(invitation('  ', 'de').text.startsWith('Hallo,\n')).toBe(true);
    expect(invitation('', 'fr').text.startsWith('Bonjour,\n')).toBe(true);
    expect(invitation('', 'es').text.startsWith('Hola:\n')).toBe(true);
    expect(invitation('').html).not.toMatch(/Hi ,|Hi nobody/);
  });
});
