/**
 * The languages the web app speaks. Small and in the entry chunk:
 * the catalogs and the formatter load per locale, lazily (`load.ts`).
 */
export const LOCALES = ['en', 'es', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The accented, ~35 % longer pseudo-locale generated from `en` (never offered in the select: it is
 * for checking layouts, chosen with `localStorage.setItem('townsquare.locale', 'en-XA')`).
 */
export const PSEUDO_LOCALE = 'en-XA';
export type AppLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language named in itself, as language pickers show them. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
};

/** Where a signed-out visitor's choice (and the last signed-in one) is kept between visits. */
export const LOCALE_STORAGE_KEY = 'townsquare.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** "de-AT" → "de"; an unknown language → null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  const language = tag?.toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : null;
}

function stored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The language the server negotiated for this page, when it names one: every page the server
 * sends carries it as `<html lang>`. English is left to the browser's languages, since the shell
 * as built (a dev server, a page from the cache) says "en" too.
 */
function served(): string | null {
  if (typeof document === 'undefined') return null;
  const lang = document.documentElement.lang;
  return lang && lang !== 'en' ? lang : null;
}

/**
 * The language to start in: the one chosen last on this browser (a signed-in person's `locale`
 * is kept here too), else the one the server negotiated for the page (from the browser's
 * `Accept-Language`), else the first of the browser's languages that the app speaks, else English.
 */
export function initialLocale(): AppLocale {
  const chosen = stored();
  if (chosen === PSEUDO_LOCALE || isLocale(chosen)) return chosen;
  // The language the server negotiated for this page (its locale cookie, else Accept-Language)
  // and rendered it in: starting in another would throw its markup away and flip the page's
  // language under the reader.
  const negotiated = served();
  if (isLocale(negotiated)) return negotiated;
  if (typeof navigator === 'undefined') return 'en';
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return 'en';
}

export function rememberLocale(locale: AppLocale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private browsing without storage: the choice lasts for this page.
  }
}

/**
 * The BCP 47 tag that dates and numbers are formatted with: the browser's own regional variant
 * when it speaks the app's language ("en-GB" for an English app in London), else the app's.
 */
export function formattingLocale(locale: AppLocale): string {
  if (locale === PSEUDO_LOCALE) return 'en';
  const browser = typeof navigator !== 'undefined' ? navigator.language : undefined;
  if (browser && matchLocale(browser) === locale) return browser;
  return languageFormattingLocale(locale);
}

/** The tag for a language without the browser's region: what the server formats with. */
export function languageFormattingLocale(locale: AppLocale): string {
  if (locale === PSEUDO_LOCALE) return 'en';
  return locale === 'en' ? 'en-US' : locale;
}
