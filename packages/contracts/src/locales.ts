import { z } from 'zod';

/** The languages Townsquare ships; `en` is the source and the default. */
export const LOCALES = ['en', 'es', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const LOCALE_MSG = {
  localeInvalid: `Language must be one of ${LOCALES.join(', ')}, or null for the browser's language`,
} as const;

/** A person's chosen language; null: not chosen (the browser's Accept-Language decides). */
export const localeField = z.union([z.null(), z.enum(LOCALES)], { error: LOCALE_MSG.localeInvalid });
