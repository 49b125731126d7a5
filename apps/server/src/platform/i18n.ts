import { DEFAULT_LOCALE, type Locale } from '@townsquare/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import { eventDay, eventTime, longEventDay, longEventTime, weekdayName } from './dates.ts';

/**
 * The server's own texts in every shipped language (decision 043): e-mails, push and
 * notification texts, page heads. Catalogs are `src/locales/<locale>.json`, ICU MessageFormat
 * (plural, select), formatted with FormatJS's intl-messageformat, the library the web app's
 * react-intl uses. `en` is the source, word for word the strings the spec and the tests quote;
 * scripts/check-catalogs.mjs keeps every catalog's keys and placeholders equal to it.
 */
export type MessageKey = keyof typeof en;

export const CATALOGS: Record<Locale, Record<MessageKey, string>> = { en, es, de, fr };

/**
 * A value put into a message: text, a number, an instant written in a zone for the reader's
 * locale (`day`: "Tue 1 Dec, 19:00 CET"; `long`: "Tuesday 1 December 2026, 19:00 CET";
 * `weekday`: "Tuesday"; an all-day event's day has no clock: "Tue 1 Dec, all day"), or
 * other messages, each in the reader's language, joined ("now 19:00 CET; now at the park").
 */
export type MessageParam =
  | string
  | number
  | { at: string; zone: string; style?: 'day' | 'long' | 'weekday'; allDay?: boolean }
  | { list: Message[]; separator: string };
export type MessageParams = Record<string, MessageParam>;

/** A text to write later in its reader's language: a catalog key and what fills it in. */
export type Message = { key: MessageKey; params?: MessageParams };

const DATE_STYLES = { day: eventTime, long: longEventTime, weekday: weekdayName };
const DAY_STYLES = { day: eventDay, long: longEventDay, weekday: weekdayName };

type Instant = Extract<MessageParam, { at: string }>;

/**
 * When an event starts, as a message value: its start in its own zone, and for an all-day
 * event (decision 078) its day without a clock. Every text that names an event's time takes
 * it from here, so none writes an all-day event's stored midnight as "00:00".
 */
export function eventWhen(
  event: { startDate: Date | string; timeZone: string; allDay?: boolean | null },
  style?: Instant['style'],
): Instant {
  const at = typeof event.startDate === 'string' ? event.startDate : event.startDate.toISOString();
  return { at, zone: event.timeZone, ...(style ? { style } : {}), ...(event.allDay ? { allDay: true } : {}) };
}

/** An instant value written for a reader of `locale`, as `t` writes it into a message. */
export function writeInstant(locale: Locale, value: Instant): string {
  const style = value.style ?? 'day';
  const date = new Date(value.at);
  if (!value.allDay || style === 'weekday') return DATE_STYLES[style](date, value.zone, locale);
  return t(locale, 'time.allDay', { day: DAY_STYLES[style](date, value.zone, locale) });
}

const compiled = new Map<string, IntlMessageFormat>();

function format(locale: Locale, key: MessageKey): IntlMessageFormat {
  const id = `${locale}|${key}`;
  let f = compiled.get(id);
  if (!f) {
    const source = CATALOGS[locale][key] ?? CATALOGS[DEFAULT_LOCALE][key];
    f = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
    compiled.set(id, f);
  }
  return f;
}

/** The text of `key` in `locale`, with `params` filled in (instants in their zone, for `locale`). */
export function t(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params))
    values[name] =
      typeof value !== 'object'
        ? value
        : 'list' in value
          ? value.list.map((m) => t(locale, m.key, m.params)).join(value.separator)
          : writeInstant(locale, value);
  return String(format(locale, key).format(values));
}

/** A stored message in `locale`; unknown keys (a catalog changed since) give undefined. */
export function render(locale: Locale, message: { key: string; params?: MessageParams }): string | undefined {
  if (!(message.key in en)) return undefined;
  return t(locale, message.key as MessageKey, message.params);
}
