import { createAppIntl } from '../lib/i18n/load.ts';
import type { LoadedLocale } from '../lib/i18n/locale-provider.tsx';
import en from '../locales/en/index.ts';

/** The English catalogs, loaded synchronously: every test renders in English (the spec's strings). */
export const english: LoadedLocale = {
  locale: 'en',
  intl: createAppIntl('en', Object.assign({}, ...Object.values(en))),
};
