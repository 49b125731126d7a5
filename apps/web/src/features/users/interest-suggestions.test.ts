import { describe, expect, it } from 'vitest';
import { setCurrentIntl } from '../../lib/i18n/intl.tsx';
import { loadIntl } from '../../lib/i18n/load.ts';
import { interestSuggestions } from './interest-suggestions.ts';
import { roleAbout } from './roles.ts';

describe('onboarding words from the catalogs', () => {
  it('offers the interest suggestions in the page language', async () => {
    expect(interestSuggestions()).toContain('Board Games');
    setCurrentIntl(await loadIntl('es'), 'es');
    const spanish = interestSuggestions();
    expect(spanish).toHaveLength(50);
    expect(spanish).toContain('Juegos de mesa');
    expect(spanish).not.toContain('Board Games');
    expect(new Set(spanish).size).toBe(50);
  });

  it('says what each role means in the page language', async () => {
    setCurrentIntl(await loadIntl('fr'), 'fr');
    expect(roleAbout('Club_Founder')).toBe('Lance et anime un club.');
  });
});
