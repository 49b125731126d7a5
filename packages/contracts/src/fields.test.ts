import { describe, expect, it } from 'vitest';
import { registerBody } from './auth.ts';
import { errorCodeOf } from './error-codes.ts';
import { MSG, tooManyRequestsMessage } from './messages.ts';
import { updateUserBody } from './users.ts';

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('updateUserBody', () => {
  it('normalises a formatted phone number to its 10 digits', () => {
    expect(updateUserBody.parse({ phoneNumber: '(555) 123-4567' }).phoneNumber).toBe('5551234567');
    expect(updateUserBody.parse({ phoneNumber: '' }).phoneNumber).toBe('');
    expect(first(updateUserBody.safeParse({ phoneNumber: '555123456' }))).toBe(
      'Phone number must be exactly 10 digits.',
    );
  });

  it('lower-cases usernames and refuses other characters', () => {
    expect(updateUserBody.parse({ username: ' Ada_99 ' }).username).toBe('ada_99');
    expect(first(updateUserBody.safeParse({ username: 'ada lovelace' }))).toBe(
      'Username can only contain lowercase letters, numbers, and underscores',
    );
  });

  it('needs at least one known role and drops duplicates', () => {
    expect(first(updateUserBody.safeParse({ roles: [] }))).toBe('At least one role is required');
    expect(updateUserBody.parse({ roles: ['Member', 'Member', 'Sponsor'] }).roles).toEqual([
      'Member',
      'Sponsor',
    ]);
  });

  it('drops case-insensitive duplicate interests and fields it does not know', () => {
    const parsed = updateUserBody.parse({ interests: ['Chess', 'chess', 'Hiking'], isAdmin: true });
    expect(parsed.interests).toEqual(['Chess', 'Hiking']);
    expect(parsed).not.toHaveProperty('isAdmin');
  });
});

describe('registerBody', () => {
  it('reports the spec messages in field order', () => {
    expect(first(registerBody.safeParse({}))).toBe('Full name is required');
    expect(first(registerBody.safeParse({ fullName: 'A', email: 'A@B.CO', password: 'short' }))).toBe(
      'Password must be at least 8 characters long',
    );
    expect(registerBody.parse({ fullName: ' A ', email: ' A@B.CO ', password: 'longenough' }).email).toBe(
      'a@b.co',
    );
  });
});

describe('a name and a password that say nothing', () => {
  const body = { email: 'ana@example.com', password: 'a-long-password' };

  it('refuses a full name without a letter (emoji, digits, punctuation only)', () => {
    for (const fullName of ['🎉🎉', '🙂', '123', '.-']) {
      expect(first(registerBody.safeParse({ ...body, fullName })), fullName).toBe(
        'Full name must contain at least one letter',
      );
    }
    expect(first(updateUserBody.safeParse({ fullName: '🎉' }))).toBe(
      'Full name must contain at least one letter',
    );
    for (const fullName of ['Zoë 🎉', '李娜', 'O’Brien', 'Ana2']) {
      expect(registerBody.safeParse({ ...body, fullName }).success, fullName).toBe(true);
    }
  });

  it('refuses a password of spaces only, of any length', () => {
    for (const password of ['        ', ' \t       ', ' '.repeat(20)]) {
      expect(first(registerBody.safeParse({ ...body, fullName: 'Ana', password }))).toBe(
        'Password cannot be only spaces',
      );
    }
    expect(registerBody.safeParse({ ...body, fullName: 'Ana', password: ' a long one ' }).success).toBe(true);
  });

  it('carry codes of their own for the translated answer', () => {
    expect(errorCodeOf(MSG.fullNameNoLetters, 400)).toEqual({ code: 'FULL_NAME_NO_LETTERS' });
    expect(errorCodeOf(MSG.passwordBlank, 400)).toEqual({ code: 'PASSWORD_BLANK' });
  });
});

describe('tooManyRequestsMessage', () => {
  it('speaks in seconds under a minute and in minutes above', () => {
    expect(tooManyRequestsMessage(30)).toBe('Too many attempts. Please try again in 30 seconds.');
    expect(tooManyRequestsMessage(61)).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(tooManyRequestsMessage(60)).toBe('Too many attempts. Please try again in 1 minute.');
  });
});
