import type { Attendee, PublicEventDto, ViewerRsvp } from '@townsquare/contracts';
import { translate } from '../../lib/i18n/intl.tsx';

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

/** Whether this browser can read QR codes from the camera (BarcodeDetector with qr_code). */
export async function canScanQr(win: unknown = globalThis): Promise<boolean> {
  const detector = (win as { BarcodeDetector?: { getSupportedFormats?: () => Promise<string[]> } })
    .BarcodeDetector;
  if (!detector || !(win as { navigator?: { mediaDevices?: unknown } }).navigator?.mediaDevices) return false;
  try {
    const formats = (await detector.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code');
  } catch {
    return false;
  }
}
