import { eventListResponse, eventResponse } from '@townsquare/contracts';
import { describe, expect, it } from 'vitest';
import { createEvent, guestAnswer, requestAs, unique, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const inject = requestAs(t);
const [host, member, other] = useUsers(t, 3, { verified: true });

/** `attendeeCount` as the detail, the list and the signed-out public page show it. */
async function counts(eventId: string) {
  const detail = eventResponse.parse((await inject('GET', `/api/events/${eventId}`, other)).json()).event;
  const list = eventListResponse.parse((await inject('GET', '/api/events?limit=100', other)).json());
  const card = list.events.find((e) => e.id === eventId);
  const pub = (await inject('GET', `/api/events/public/${eventId}`)).json().data as { attendeeCount: number };
  return {
    detail: detail.attendeeCount,
    placesLeft: detail.placesLeft,
    card: card?.attendeeCount,
    public: pub.attendeeCount,
  };
}

describe('the going count', () => {
  it('counts what the capacity counts: members, guests without an account and their +1s', async () => {
    const eventId = await createEvent(t, host, { capacity: 3, maxGuests: 1, allowGuestRsvp: true });
    const going = await inject('POST', `/api/events/${eventId}/rsvp`, member, {
      status: 'going',
      guests: ['Kim'],
    });
    expect(going.statusCode, going.body).toBe(200);
    expect(await counts(eventId)).toEqual({ detail: 2, placesLeft: 1, card: 2, public: 2 });

    await guestAnswer(t, eventId, `${unique('guest')}@example.com`);
    expect(await counts(eventId)).toEqual({ detail: 3, placesLeft: 0, card: 3, public: 3 });
  });

  it('leaves out maybe, waiting and not going', async () => {
    const eventId = await createEvent(t, host, { capacity: 1, allowGuestRsvp: true });
    await inject('POST', `/api/events/${eventId}/rsvp`, member, { status: 'going' });
    await inject('POST', `/api/events/${eventId}/rsvp`, other, { status: 'going' });
    await guestAnswer(t, eventId, `${unique('guest')}@example.com`, { status: 'maybe' });
    const seen = await counts(eventId);
    expect(seen).toEqual({ detail: 1, placesLeft: 0, card: 1, public: 1 });
  });
});
