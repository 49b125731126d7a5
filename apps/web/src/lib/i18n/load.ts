/**
 * Loads a locale's catalogs and FormatJS's formatter (react-intl's `createIntl`), both lazily: one
 * chunk per locale, none of it in the entry chunk. A route's own namespace (`RouteNamespace`:
 * the long texts of the informational pages, the admin dashboard's) is a chunk per locale of its own, loaded with that
 * route (`loadNamespace`), so the first page of the app does not download it. In builds the
 * catalogs arrive precompiled to the ICU AST (build/catalogs.ts), so the ICU parser is left out
 * of the bundle (decision 042).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { type AppLocale, formattingLocale, type Locale, PSEUDO_LOCALE } from './locales.ts';
import { pseudoMessages } from './pseudo.ts';

export type Catalog = Record<string, MessageFormatElement[] | string>;
type Namespaces = Record<string, Catalog>;

const catalogs: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../../locales/en/index.ts'),
  es: () => import('../../locales/es/index.ts'),
  de: () => import('../../locales/de/index.ts'),
  fr: () => import('../../locales/fr/index.ts'),
};

/** The namespaces a route loads (locales/<locale>/index.ts leaves them out of the locale's chunk). */
export type RouteNamespace = 'pages' | 'admin';

const routeCatalogs = import.meta.glob<Catalog>(
  ['../../locales/*/pages.json', '../../locales/*/admin.json'],
  { import: 'default' },
);

function routeCatalog(locale: AppLocale, namespace: RouteNamespace): Promise<Catalog> {
  if (locale === PSEUDO_LOCALE) return routeCatalog('en', namespace).then(pseudoMessages);
  const load = routeCatalogs[`../../locales/${locale}/${namespace}.json`];
  if (!load) throw new Error(`No catalog ${locale}/${namespace}.json`);
  return load();
}

const cache = createIntlCache();
/** Every catalog loaded so far, by language: a route namespace loads into each of them. */
const loaded = new Map<AppLocale, Promise<Catalog>>();
/** The route namespaces asked for so far: every language loaded later brings them too. */
const wanted = new Map<RouteNamespace, Promise<void>>();

/** Every JSON file of the locale's folder, merged (flat keys "<namespace>.<key>"). */
export function loadMessages(locale: AppLocale): Promise<Catalog> {
  const messages = (async () => {
    const source = locale === PSEUDO_LOCALE ? 'en' : locale;
    const namespaces = (await catalogs[source]()).default as Namespaces;
    const merged: Catalog = Object.assign({}, ...Object.values(namespaces));
    const all = locale === PSEUDO_LOCALE ? pseudoMessages(merged) : merged;
    for (const namespace of wanted.keys()) Object.assign(all, await routeCatalog(locale, namespace));
    return all;
  })();
  loaded.set(locale, messages);
  return messages;
}

/**
 * Loads a route's namespace into every language loaded so far (and, through `wanted`, into every
 * one loaded later), before the route renders: the route's module awaits it.
 */
export function loadNamespace(namespace: RouteNamespace): Promise<void> {
  let done = wanted.get(namespace);
  if (!done) {
    done = Promise.all(
      [...loaded].map(async ([locale, messages]) => {
        Object.assign(await messages, await routeCatalog(locale, namespace));
      }),
    ).then(() => undefined);
    wanted.set(namespace, done);
  }
  return done;
}

export function createAppIntl(locale: AppLocale, messages: Catalog): IntlShape {
  return createIntl(
    {
      locale: formattingLocale(locale),
      defaultLocale: 'en',
      messages: messages as Record<string, MessageFormatElement[]>,
      onError: (error) => {
        // A key missing from a translation falls back to its id; the catalog test keeps them complete.
        if (import.meta.env.DEV) console.warn(error.message);
      },
    },
    cache,
  );
}

export async function loadIntl(locale: AppLocale): Promise<IntlShape> {
  return createAppIntl(locale, await loadMessages(locale));
}
