import type { Attendee, PublicEventDto, ViewerRsvp } from '@townsquare/contracts';
import { translate } from './i18n/intl.tsx';

/** "5 h 12 min", "12 min", "less than a minute" until an offer ends. */
export function formatCountdown(ms: number): string {
  if (ms < 60_000) return translate('events.countdown.lessThanMinute');
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return translate('events.countdown.minutes', { minutes: rest });
  return rest === 0
    ? translate('events.countdown.hours', { hours })
    : translate('events.countdown.hoursMinutes', { hours, minutes: rest });
}

/** "3 of 12 places left", "Full · 4 waiting", or null for an event without a capacity. */
export function placesText(
  event: Pick<PublicEventDto, 'capacity' | 'placesLeft' | 'waitlistCount'>,
): string | null {
  if (event.capacity === null || event.capacity === undefined) return null;
  const left = event.placesLeft ?? 0;
  const waiting = event.waitlistCount ?? 0;
  const capacity = event.capacity;
  const head =
    left > 0
      ? translate('events.places.left', { left, capacity })
      : translate('events.places.full', { capacity });
  return waiting > 0 ? translate('events.places.waiting', { head, waiting }) : head;
}

/** The line under the RSVP buttons: the reply, the place in line or the offer. */
export function rsvpSummary(rsvp: ViewerRsvp | null | undefined, now: number = Date.now()): string {
  if (!rsvp) return translate('events.rsvp.notReplied');
  switch (rsvp.status) {
    case 'going':
      return translate('events.rsvp.replyGoing', { guests: rsvp.guests.length });
    case 'maybe':
      return translate('events.rsvp.replyMaybe');
    case 'not_going':
      return translate('events.rsvp.replyNotGoing');
    case 'waitlisted':
      return translate('events.rsvp.waitlisted', { position: rsvp.waitlistPosition ?? '?' });
    case 'offered': {
      const left = rsvp.offerExpiresAt ? new Date(rsvp.offerExpiresAt).getTime() - now : 0;
      return translate('events.rsvp.offerWithin', { time: formatCountdown(Math.max(0, left)) });
    }
  }
}

/** People going whose name or username contains the search text (any case), for check-in. */
export function searchAttendees(attendees: Attendee[], query: string): Attendee[] {
  const q = query.trim().toLowerCase();
  return attendees.filter(
    (a) =>
      a.status === 'going' &&
      (q === '' || a.fullName.toLowerCase().includes(q) || (a.username ?? '').toLowerCase().includes(q)),
  );
}

/**
 * How this browser reads QR codes from the camera: `native` where BarcodeDetector reads qr_code
 * (Android, macOS), `script` where a camera exists but no detector does (iPhone, Firefox, desktop
 * Linux: the lazily loaded jsQR reads the frames), `none` without a camera API.
 */
export async function qrReader(win: unknown = globalThis): Promise<'native' | 'script' | 'none'> {
  if (!(win as { navigator?: { mediaDevices?: unknown } }).navigator?.mediaDevices) return 'none';
  const detector = (win as { BarcodeDetector?: { getSupportedFormats?: () => Promise<string[]> } })
    .BarcodeDetector;
  if (!detector) return 'script';
  try {
    const formats = (await detector.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code') ? 'native' : 'script';
  } catch {
    return 'script';
  }
}

/**
 * The scanner's memory of codes just handled: a code is sent when it is new, or when it has been
 * out of sight for `quietMs`. While a ticket stays in front of the camera it is sent once; shown
 * again later, it is sent again (and the server says it was already checked in).
 */
export function recentCodes(quietMs: number) {
  const lastSeen = new Map<string, number>();
  return {
    /** Records that `code` was read at `now`; true when it should be sent. */
    shouldSend(code: string, now: number): boolean {
      const before = lastSeen.get(code);
      lastSeen.set(code, now);
      return before === undefined || now - before > quietMs;
    },
  };
}

const guestWord = (n: number) => (n === 1 ? 'guest' : 'guests');

/**
 * Said before a member submits when their party is bigger than the places left (decision 046):
 * the whole party would wait in line, so they may come with fewer. Null when the party fits or
 * nothing is left at all.
 */
export function partyTooBig(placesLeft: number | null | undefined, guests: number) {
  if (placesLeft == null || placesLeft < 1 || 1 + guests <= placesLeft) return null;
  const fit = placesLeft - 1;
  return {
    text:
      placesLeft === 1
        ? `1 place left: come alone, or join the waitlist with your ${guestWord(guests)}.`
        : `${placesLeft} places left: bring ${fit} ${guestWord(fit)}, or join the waitlist with all ${guests}.`,
    action: fit === 0 ? 'Come alone' : `Bring ${fit} ${guestWord(fit)}`,
    keep: fit,
  };
}
