import { createAppIntl } from '../lib/i18n/load.ts';
import type { LoadedLocale } from '../lib/i18n/locale-provider.tsx';

/** Every English catalog (the route namespaces too), loaded synchronously. */
const catalogs = import.meta.glob<Record<string, string>>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});

/** The English catalogs, loaded synchronously: every test renders in English (the spec's strings). */
export const english: LoadedLocale = {
  locale: 'en',
  intl: createAppIntl('en', Object.assign({}, ...Object.values(catalogs))),
};
