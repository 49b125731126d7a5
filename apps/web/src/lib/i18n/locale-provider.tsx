import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { IntlShape } from 'react-intl';
import { setServerConventions, writesServerConventions } from './conventions.ts';
import { type Conventions, currentLocale, IntlProvider, setCurrentIntl } from './intl.tsx';
import { type AppLocale, initialLocale, PSEUDO_LOCALE, rememberLocale } from './locales.ts';

export interface LoadedLocale {
  locale: AppLocale;
  intl: IntlShape;
}

/** Makes `locale` the app's language: the formatter outside React and `<html lang>`. */
function apply({ locale, intl }: LoadedLocale): void {
  setCurrentIntl(intl, locale);
  if (typeof document !== 'undefined')
    document.documentElement.lang = locale === PSEUDO_LOCALE ? 'en' : locale;
}

/** Loads the language to start in (`initialLocale`) before the first render. */
export async function loadStartingLocale(locale: AppLocale = initialLocale()): Promise<LoadedLocale> {
  const { loadIntl } = await import('./load.ts');
  const loaded = { locale, intl: await loadIntl(locale) };
  apply(loaded);
  return loaded;
}

interface LocaleState {
  locale: AppLocale;
  /** Switches the app's language (loading its catalogs) and remembers it on this browser. */
  setLocale: (locale: AppLocale) => Promise<void>;
}

const LocaleContext = createContext<LocaleState>({ locale: 'en', setLocale: async () => {} });

export const useLocale = () => useContext(LocaleContext);

export function LocaleProvider({ initial, children }: { initial: LoadedLocale; children: ReactNode }) {
  const [loaded, setLoaded] = useState(initial);
  const setLocale = useCallback(async (locale: AppLocale) => {
    rememberLocale(locale);
    if (locale === currentLocale()) return;
    const next = await loadStartingLocale(locale);
    setLoaded((previous) => (previous.locale === locale && previous.intl === next.intl ? previous : next));
  }, []);
  const state = useMemo(() => ({ locale: loaded.locale, setLocale }), [loaded.locale, setLocale]);
  // A hydrated page starts in the server's conventions (main.tsx); once the markup is the app's,
  // dates and prices switch to the viewer's variant and zone, as a transition like the hydration.
  const [conventions, setConventions] = useState<Conventions>(() =>
    writesServerConventions() ? 'server' : 'viewer',
  );
  useEffect(() => {
    if (conventions !== 'server') return;
    startTransition(() => {
      setServerConventions(false);
      setConventions('viewer');
    });
  }, [conventions]);
  return (
    <LocaleContext.Provider value={state}>
      <IntlProvider intl={loaded.intl} conventions={conventions}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
