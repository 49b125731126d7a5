import type { Attendee } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { createViewerRsvp } from '../features/events/event-fixtures.ts';
import {
  formatCountdown,
  partyTooBig,
  placesText,
  qrReader,
  recentCodes,
  rsvpSummary,
  searchAttendees,
} from './capacity-texts.ts';

const rsvp = createViewerRsvp;

describe('capacity texts', () => {
  it('counts down an offer in hours and minutes', () => {
    expect(formatCountdown(30_000)).toBe('less than a minute');
    expect(formatCountdown(12 * 60_000)).toBe('12 min');
    expect(formatCountdown(3 * 3_600_000)).toBe('3 h');
    expect(formatCountdown(5 * 3_600_000 + 12 * 60_000)).toBe('5 h 12 min');
  });

  it('says how many places are left and how many wait', () => {
    expect(placesText({ capacity: null, placesLeft: null, waitlistCount: 0 })).toBeNull();
    expect(placesText({ capacity: 12, placesLeft: 3, waitlistCount: 0 })).toBe('3 of 12 places left');
    expect(placesText({ capacity: 1, placesLeft: 0, waitlistCount: 0 })).toBe('Full (1 place)');
    expect(placesText({ capacity: 12, placesLeft: 0, waitlistCount: 4 })).toBe(
      'Full (12 places) · 4 waiting',
    );
  });

  it('describes each reply, the place in line and the offer', () => {
    expect(rsvpSummary(null)).toBe('You have not replied yet.');
    expect(rsvpSummary(rsvp({ guests: ['Kim', ''] }))).toBe('Your reply: Going with 2 guests.');
    expect(rsvpSummary(rsvp({ status: 'waitlisted', waitlistPosition: 2 }))).toMatch(/number 2 in line/);
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(rsvpSummary(rsvp({ status: 'offered', offerExpiresAt: '2026-11-24T12:30:00Z' }), now)).toMatch(
      /within 2 h 30 min/,
    );
  });

  it('finds people going by name or username for check-in', () => {
    const person = (fullName: string, username: string, status: Attendee['status'] = 'going'): Attendee => ({
      userId: fullName,
      username,
      fullName,
      status,
      guests: [],
      answers: {},
      waitlistPosition: null,
      offerExpiresAt: null,
      checkedInAt: null,
    });
    const list = [
      person('Ada Okafor', 'ada'),
      person('Ben Ito', 'benny'),
      person('Bea Maybe', 'bea', 'maybe'),
    ];
    expect(searchAttendees(list, 'BEN').map((a) => a.fullName)).toEqual(['Ben Ito']);
    expect(searchAttendees(list, 'ada').map((a) => a.fullName)).toEqual(['Ada Okafor']);
    expect(searchAttendees(list, '')).toHaveLength(2);
  });

  it('reads QR codes natively where BarcodeDetector can, by script where only a camera exists', async () => {
    expect(await qrReader({})).toBe('none');
    const camera = { navigator: { mediaDevices: {} } };
    expect(await qrReader(camera)).toBe('script');
    const detector = { getSupportedFormats: async () => ['qr_code'] };
    expect(await qrReader({ ...camera, BarcodeDetector: detector })).toBe('native');
    const noQr = { getSupportedFormats: async () => ['ean_13'] };
    expect(await qrReader({ ...camera, BarcodeDetector: noQr })).toBe('script');
  });

  it('sends a code once while it stays in view, again only after it was out of sight', () => {
    const memory = recentCodes(3_000);
    expect(memory.shouldSend('A', 0)).toBe(true);
    // Still in front of the camera, read every 400 ms for a minute: never sent again.
    for (let t = 400; t <= 60_000; t += 400) expect(memory.shouldSend('A', t)).toBe(false);
    expect(memory.shouldSend('B', 60_100)).toBe(true);
    // A shown again after four seconds away: sent again.
    expect(memory.shouldSend('A', 64_000)).toBe(true);
  });

  it('says when a party is bigger than the places left, before the member submits', () => {
    expect(partyTooBig(null, 2)).toBeNull();
    expect(partyTooBig(0, 1)).toBeNull();
    expect(partyTooBig(2, 1)).toBeNull();
    expect(partyTooBig(1, 1)).toEqual({
      text: '1 place left: come alone, or join the waitlist with your guest.',
      action: 'Come alone',
      keep: 0,
    });
    expect(partyTooBig(2, 2)).toEqual({
      text: '2 places left: bring 1 guest, or join the waitlist with all 2.',
      action: 'Bring 1 guest',
      keep: 1,
    });
  });
});
