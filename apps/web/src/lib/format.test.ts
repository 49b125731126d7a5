import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currencySymbol,
  displayName,
  formatCardDate,
  formatJoinedDate,
  formatLongDate,
  formatMessageTime,
  formatMoney,
  formatNotificationTime,
  formatPhone,
  formatRole,
  formatShortDateTime,
  formatTime,
  formatTimeRange,
  phoneDigits,
  viewerTimeZone,
} from './format.ts';
import { setServerConventions } from './i18n/conventions.ts';
import { setCurrentIntl } from './i18n/intl.tsx';
import { createAppIntl, loadIntl } from './i18n/load.ts';

describe('format', () => {
  it('joined date is "MMMM yyyy" or "Recently"', () => {
    expect(formatJoinedDate('2025-03-08T10:00:00.000Z')).toBe('March 2025');
    expect(formatJoinedDate(undefined)).toBe('Recently');
    expect(formatJoinedDate('not a date')).toBe('Recently');
  });

  it('message times show the time today and the day before it otherwise', () => {
    const now = new Date(2025, 2, 8, 18, 0);
    expect(formatMessageTime(new Date(2025, 2, 8, 7, 30), now)).toBe('7:30 AM');
    expect(formatMessageTime(new Date(2025, 2, 7, 19, 5), now)).toBe('Mar 7, 7:05 PM');
    expect(formatMessageTime('garbage', now)).toBe('');
  });

  it('notification times always name the day', () => {
    const now = new Date(2025, 2, 8, 18, 0);
    expect(formatNotificationTime(new Date(2025, 2, 8, 7, 30), now)).toBe('Today, 7:30 AM');
    expect(formatNotificationTime(new Date(2025, 2, 7, 19, 5), now)).toBe('Yesterday, 7:05 PM');
    expect(formatNotificationTime(new Date(2025, 2, 4, 9, 0), now)).toBe('Tue, Mar 4, 9:00 AM');
    expect(formatNotificationTime('garbage', now)).toBe('');
  });

  it('card dates read like "Mar 8, 2025" or "Invalid date"', () => {
    expect(formatCardDate('2025-03-08T10:00:00.000Z')).toBe('Mar 8, 2025');
    expect(formatCardDate('garbage')).toBe('Invalid date');
  });

  it('phones keep 10 digits and show as (xxx) xxx-xxxx', () => {
    expect(phoneDigits('+1 (555) 123-45678')).toBe('1555123456');
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('')).toBe('');
  });

  it('roles are named by the catalogs; names fall back to full name, then e-mail', () => {
    expect(formatRole('Club_Founder')).toBe('Club Founder');
    expect(displayName({ username: 'jane', fullName: 'Jane', email: 'j@x.io' })).toBe('jane');
    expect(displayName({ fullName: 'Jane', email: 'j@x.io' })).toBe('Jane');
    expect(displayName({ email: 'j@x.io' })).toBe('j@x.io');
  });
});

describe('words from the catalogs', () => {
  it('a German bell says "Heute, 6:20", not "Today"', async () => {
    setCurrentIntl(await loadIntl('de'), 'de');
    const now = new Date(2025, 2, 8, 18, 0);
    expect(formatNotificationTime(new Date(2025, 2, 8, 6, 20), now)).toBe('Heute, 6:20');
    expect(formatNotificationTime(new Date(2025, 2, 7, 19, 5), now)).toBe('Gestern, 19:05');
  });

  it('a Spanish page names the roles in Spanish', async () => {
    setCurrentIntl(await loadIntl('es'), 'es');
    expect(formatRole('Club_Founder')).toBe('Fundador de club');
    expect(formatRole('Member')).toBe('Miembro');
  });
});

describe("the viewer's locale", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Saturday 28 November 2026, 7 pm local time. */
  const at = new Date(2026, 10, 28, 19, 0);
  const browserLanguage = (language: string) =>
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);

  it('an en-GB browser reads day before month and a 24-hour clock', () => {
    browserLanguage('en-GB');
    expect(formatCardDate(at)).toBe('28 Nov 2026');
    expect(formatTime(at)).toBe('19:00');
    expect(formatLongDate(at)).toBe('Saturday, 28 November 2026');
    expect(formatMessageTime(at, new Date(2026, 10, 30))).toBe('28 Nov, 19:00');
  });

  it('an en-US browser keeps the spec formats', () => {
    browserLanguage('en-US');
    expect(formatCardDate(at)).toBe('Nov 28, 2026');
    expect(formatTime(at)).toBe('7:00 PM');
    expect(formatLongDate(at)).toBe('Saturday, November 28, 2026');
  });

  it("under the server's conventions (a page hydrating): the language's own variant, no viewer zone", () => {
    browserLanguage('en-GB');
    setServerConventions(true);
    try {
      expect(formatCardDate(at)).toBe('Nov 28, 2026');
      expect(formatTime(at)).toBe('7:00 PM');
      expect(viewerTimeZone()).toBeNull();
    } finally {
      setServerConventions(false);
    }
    expect(formatCardDate(at)).toBe('28 Nov 2026');
    expect(viewerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('money', () => {
  it("is in the instance currency, written the viewer's way, cents only when there are some", () => {
    expect(formatMoney(12, 'USD', 'en-US')).toBe('$12');
    expect(formatMoney(7.5, 'USD', 'en-US')).toBe('$7.50');
    expect(formatMoney(12, 'EUR', 'de-DE')).toBe('12 €');
    expect(formatMoney(7.5, 'EUR', 'en-GB')).toBe('€7.50');
    expect(formatMoney(12, 'USD', 'en-GB')).toBe('US$12');
    expect(currencySymbol('EUR', 'en-US')).toBe('€');
    expect(currencySymbol('USD', 'en-US')).toBe('$');
  });
});

/** Thursday 17 December 2026, 18:30–20:30 in Madrid (CET, UTC+1). */
const starts = '2026-12-17T17:30:00.000Z';
const ends = '2026-12-17T19:30:00.000Z';
const zone = 'Europe/Madrid';

const browserSpeaks = (language: string) => vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);

describe("a date poll's option in the viewer's locale, in the poll's zone", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('an en-US viewer keeps the US format', () => {
    browserSpeaks('en-US');
    expect(formatTimeRange(starts, ends, zone)).toBe('Thu, Dec 17 · 6:30 PM – 8:30 PM (CET)');
    expect(formatShortDateTime(starts, zone)).toBe('Thu, Dec 17, 6:30 PM');
  });

  it('an en-GB viewer reads day before month and a 24-hour clock', () => {
    browserSpeaks('en-GB');
    expect(formatTimeRange(starts, ends, zone)).toBe('Thu 17 Dec · 18:30 – 20:30 (CET)');
    expect(formatShortDateTime(starts, zone)).toBe('Thu 17 Dec, 18:30');
  });

  it('a Spanish page shows Spanish dates and a 24-hour clock', () => {
    browserSpeaks('en-US');
    setCurrentIntl(createAppIntl('es', {}), 'es');
    const text = formatTimeRange(starts, ends, zone);
    expect(text).toMatch(/^jue, 17 dic · 18:30 – 20:30 \(/);
    expect(text).not.toMatch(/PM|Thu|Dec/);
  });

  it('a date range over midnight names the second day', () => {
    browserSpeaks('en-GB');
    expect(formatTimeRange(starts, '2026-12-18T00:30:00.000Z', zone)).toBe(
      'Thu 17 Dec · 18:30 – Fri 18 Dec, 1:30 (CET)',
    );
  });
});
