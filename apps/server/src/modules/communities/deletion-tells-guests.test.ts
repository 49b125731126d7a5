import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { createEvent, createUser, guestAnswer, unique, verifyEmail } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Decision 065: an event is called off through one `event_cancelled` trigger, however it goes.
 * Guests who answered without an account (decision 048) hear of their host's cancellation; they
 * hear too when the event goes with its community.
 */
describe('deleting a community', () => {
  const t = useTestApp();

  it('tells the guests going to its upcoming events, as members are told', async () => {
    const owner = await createUser(t);
    await verifyEmail(t, owner);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/communities',
      headers: owner.auth,
      payload: { name: unique('Guest club '), visibility: 'PUBLIC', joinPolicy: 'OPEN' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const {
      id: communityId,
      slug,
      name,
    } = (created.json() as { community: { id: string; slug: string; name: string } }).community;
    const title = unique('Lantern walk ');
    const eventId = await createEvent(t, owner, { communityId, title, allowGuestRsvp: true });
    const email = `${unique('guest-')}@example.com`;
    await guestAnswer(t, eventId, email);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/communities/${slug}`,
      headers: owner.auth,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    await eventually(async () => {
      const told = t.sent.filter((m) => m.to === email && m.text.includes(`${title} was cancelled`));
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain(`${name} was deleted by its owner`);
    }, 60_000);
  });
});
