import { describe, expect, it } from 'vitest';
import { fromAcceptLanguage, negotiateLocale } from './locale.ts';

/** The one rule for a text's language (decision 043). */
describe('negotiateLocale', () => {
  it('takes the person’s own choice first', () => {
    expect(negotiateLocale({ chosen: 'fr', acceptLanguage: 'de' })).toBe('fr');
    expect(negotiateLocale({ chosen: 'es' })).toBe('es');
  });

  it('falls back to Accept-Language when nothing (or nothing shipped) was chosen', () => {
    expect(negotiateLocale({ chosen: null, acceptLanguage: 'de-AT,de;q=0.9' })).toBe('de');
    expect(negotiateLocale({ chosen: 'it', acceptLanguage: 'es' })).toBe('es');
  });

  it('falls back to English last', () => {
    expect(negotiateLocale({})).toBe('en');
    expect(negotiateLocale({ chosen: null, acceptLanguage: 'ja, zh-CN;q=0.8' })).toBe('en');
    expect(negotiateLocale({ acceptLanguage: '*' })).toBe('en');
  });
});

describe('fromAcceptLanguage', () => {
  it.each([
    ['de-AT', 'de'],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5', 'fr'],
    ['en;q=0.5, es;q=0.9', 'es'],
    ['ja, es;q=0.4, de;q=0.3', 'es'],
    ['de;q=0.8, fr;q=0.8', 'de'],
    ['ES-mx', 'es'],
    [' de ; q=1 ', 'de'],
  ])('%j → %s', (header, locale) => {
    expect(fromAcceptLanguage(header)).toBe(locale);
  });

  it.each([[''], ['ja'], ['de;q=0'], ['de;q=abc'], ['de;q=2'], [',,,;;;'], ['x'.repeat(10_000)]])(
    'finds nothing shipped in %j',
    (header) => {
      expect(fromAcceptLanguage(header)).toBeUndefined();
    },
  );
});
