import { describe, expect, it } from 'vitest';
import { pseudoText } from './pseudo.ts';

describe('the pseudo-locale', () => {
  it('accents and lengthens short words as before', () => {
    expect(pseudoText('Sign in')).toBe('Šíígñ ííñ');
    expect(pseudoText('Recently')).toBe('Rééçééñtlý');
  });

  it('turns a long word into a German-length compound with no break in it', () => {
    const word = pseudoText('Notifications');
    expect(word).not.toMatch(/\s|-/);
    expect(word.length).toBeGreaterThanOrEqual(30);
    expect(pseudoText('Terms and Conditions of Notifications').split(' ')).toHaveLength(5);
  });
});
