import { describe, expect, it } from 'vitest';
import { loadIntl, loadNamespace } from './load.ts';

describe('catalogs per language and per route', () => {
  it("a language's first load leaves out the route namespaces; a route's namespace reaches every language", async () => {
    const german = await loadIntl('de');
    expect(german.formatMessage({ id: 'nav.signIn' })).toBe('Anmelden');
    expect('pages.about.title' in german.messages).toBe(false);

    await loadNamespace('pages');
    expect(german.formatMessage({ id: 'pages.about.title' })).toBe('Über Townsquare');
    // A language loaded after the route brings the namespace along.
    const french = await loadIntl('fr');
    expect(french.formatMessage({ id: 'pages.about.title' })).toBe('À propos de Townsquare');
    const pseudo = await loadIntl('en-XA');
    expect(pseudo.formatMessage({ id: 'pages.faq.title' })).toBe('Frééqúúééñtlý ááškééd qúúééštííóóñš');
  });
});
