import { beforeEach, describe, expect, it, vi } from 'vitest';

// The loader remembers what it loaded; each test starts from a fresh copy of the module, whatever
// other test files in the same worker loaded before (the unit tests share workers: vitest.config).
let loadIntl: typeof import('./load.ts').loadIntl;
let loadNamespace: typeof import('./load.ts').loadNamespace;
beforeEach(async () => {
  vi.resetModules();
  ({ loadIntl, loadNamespace } = await import('./load.ts'));
});

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
