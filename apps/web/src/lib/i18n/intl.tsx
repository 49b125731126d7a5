/**
 * The app's translations in React: FormatJS's `IntlShape` (react-intl's `createIntl`,
 * loaded with the catalogs by `load.ts`) behind a context. Only this thin layer is in the entry
 * chunk; the formatter and every catalog load per locale.
 */

import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import type { IntlShape } from 'react-intl';
import type { AppLocale } from './locales.ts';

/** Message values: text and numbers, or React elements and tag functions for rich messages. */
export type MessageValues = Record<string, unknown>;

let current: IntlShape | null = null;
let currentApp: AppLocale = 'en';

/**
 * The translations in use (set before the first render; tests start in English, see test/setup).
 * `locale` is the app's language ("de"); the formatter's is the regional tag ("de-AT").
 */
export function setCurrentIntl(intl: IntlShape, locale: AppLocale): void {
  current = intl;
  currentApp = locale;
}

export function currentIntl(): IntlShape {
  if (!current) throw new Error('The catalogs are not loaded yet (loadIntl before the first render)');
  return current;
}

/** The app's language now ("en", "de", …, or the pseudo-locale). */
export function currentLocale(): AppLocale {
  return currentApp;
}

/** A message as text, outside React (toasts, errors, validation): `translate('nav.signIn')`. */
export function translate(id: string, values?: MessageValues): string {
  const intl = current;
  if (!intl) return id;
  return String(intl.formatMessage({ id }, values as Record<string, string>));
}

/** Whether the catalogs of the current language have `id` (e.g. an API error's `errors.<code>`). */
export function hasMessage(id: string): boolean {
  return Boolean(current && id in current.messages);
}

const IntlContext = createContext<IntlShape | null>(null);

/**
 * Whose conventions dates and numbers are written in (lib/format.ts): the server's while a
 * server-rendered page hydrates, then the viewer's. Only a change of it matters: every component
 * that reads it renders again when the app switches to the viewer's.
 */
export type Conventions = 'server' | 'viewer';
const ConventionsContext = createContext<Conventions>('viewer');

export function IntlProvider({
  intl,
  conventions = 'viewer',
  children,
}: {
  intl: IntlShape;
  conventions?: Conventions;
  children: ReactNode;
}) {
  return (
    <ConventionsContext.Provider value={conventions}>
      <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>
    </ConventionsContext.Provider>
  );
}

/** For a component that formats dates or numbers without translating: renders again on a switch. */
export function useConventions(): Conventions {
  return useContext(ConventionsContext);
}

export function useIntl(): IntlShape {
  // Whatever translates also formats: it follows the switch to the viewer's conventions.
  useConventions();
  return useContext(IntlContext) ?? currentIntl();
}

export type Translate = {
  (id: string, values?: Record<string, string | number | Date | null | undefined>): string;
  /** A message with React elements or tag functions (`<link>…</link>`): renders as nodes. */
  rich: (id: string, values: MessageValues) => ReactNode;
};

/** `const t = useT(); t('nav.events')`, `t('nav.unreadMessages', { count })`, `t.rich('…', { link })`. */
export function useT(): Translate {
  const intl = useIntl();
  const text = useCallback(
    (id: string, values?: Record<string, string | number | Date | null | undefined>) =>
      String(intl.formatMessage({ id }, values as Record<string, string>)),
    [intl],
  );
  return useMemo(
    () =>
      Object.assign(text, {
        rich: (id: string, values: MessageValues) =>
          intl.formatMessage({ id }, values as Record<string, ReactNode>) as ReactNode,
      }),
    [intl, text],
  );
}
