import { describe, expect, it } from 'vitest';
import {
  createEvent,
  createUser,
  makeFriends,
  nextIp,
  requestOk,
  type TestUser,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** The export applies `visibleTo` to what it says about other people's events. */

const t = useTestApp();

const api = (as: TestUser, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) =>
  requestOk<{ id: string }>(t, as, method, url, payload);

type Export = {
  rsvps: { eventId: string; eventTitle: string | null; status: string }[];
  subgroups: { id: string; name: string; eventId: string }[];
};
async function exportOf(as: TestUser): Promise<Export> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/users/me/export',
    headers: as.auth,
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Export;
}

describe('the export and events the person can no longer see', () => {
  it('gives neither the current title nor the sub-groups of a private event that went out of sight', async () => {
    const host = await createUser(t);
    const guest = await createUser(t);
    await makeFriends(t, host, guest);
    const eventId = await createEvent(t, host, { title: 'Kitchen supper', visibility: 'PRIVATE' });
    await api(guest, 'POST', `/api/events/${eventId}/rsvp`, { status: 'going' });
    const subgroup = await api(host, 'POST', '/api/event-subgroups', {
      eventId,
      name: 'Dessert team',
      members: [guest.user.id],
    });
    const seen = await exportOf(guest);
    expect(seen.rsvps).toEqual([expect.objectContaining({ eventId, eventTitle: 'Kitchen supper' })]);
    expect(seen.subgroups.map((g) => g.id)).toEqual([subgroup.id]);

    // The host blocks the guest (an RSVP no longer lets them see it), then renames it.
    await api(host, 'POST', `/api/users/${guest.user.id}/block`, {});
    await api(host, 'PUT', `/api/events/${eventId}`, { title: 'Surprise party for someone else' });
    const after = await exportOf(guest);
    // Their own answer stays (it is theirs), by the event's id only.
    expect(after.rsvps).toEqual([expect.objectContaining({ eventId, eventTitle: null, status: 'going' })]);
    expect(JSON.stringify(after)).not.toContain('Surprise party');
    expect(JSON.stringify(after)).not.toContain('Dessert team');
    expect(after.subgroups).toEqual([]);
  });
});
