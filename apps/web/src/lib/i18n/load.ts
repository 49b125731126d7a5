/**
 * Loads a locale's catalogs and FormatJS's formatter (react-intl's `createIntl`), both lazily: one
 * chunk per locale, none of it in the entry chunk. In builds the catalogs arrive precompiled to
 * the ICU AST (build/catalogs.ts), so the ICU parser is left out of the bundle (decision 042).
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

const cache = createIntlCache();

/** Every JSON file of the locale's folder, merged (flat keys "<namespace>.<key>"). */
export async function loadMessages(locale: Locale): Promise<Catalog> {
  const namespaces = (await catalogs[locale]()).default as Namespaces;
  return Object.assign({}, ...Object.values(namespaces)) as Catalog;
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
  if (locale === PSEUDO_LOCALE) return createAppIntl(locale, pseudoMessages(await loadMessages('en')));
  return createAppIntl(locale, await loadMessages(locale));
}
