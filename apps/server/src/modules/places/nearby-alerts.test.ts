import type { Place } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { createEvent, mailsTo, notificationsOf, type TestUser, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { sendNearbyDigests } from './nearby-alerts.service.ts';

/** "Tell me about new events within N km of home", a weekly digest (events_nearby). */

const t = useTestApp();
const [host, member] = useUsers(t, 2, { verified: true });
let potsdam: Place;
let berlin: Place;
let paris: Place;

const DAY = 86_400_000;
const call = (method: 'GET' | 'PATCH', url: string, as: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: as.auth, ...(payload ? { payload } : {}) });
const digests = (now?: Date) => sendNearbyDigests(t.db, t.notifications.notify, now);

async function place(name: string, lat: number, lon: number): Promise<Place> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/places',
    headers: host.auth,
    payload: { name, lat, lon },
  });
  return res.json().place as Place;
}

beforeAll(async () => {
  potsdam = await place('Potsdam', 52.39886, 13.06566);
  berlin = await place('Berlin', 52.52437, 13.41053);
  paris = await place('Paris', 48.85341, 2.3488);
});

describe('nearby alerts', () => {
  it('are off by default and need a home city; the radius is 1–500 km', async () => {
    const me = (await call('GET', '/api/users/me', member)).json();
    expect(me.notificationPreferences.nearbyRadiusKm).toBeNull();
    expect(me.notificationPreferences.email.nearby).toBe(true);
    expect(me.notificationPreferences.push.nearby).toBe(false);
    const noHome = await call('PATCH', '/api/users/me', member, {
      notificationPreferences: { nearbyRadiusKm: 30 },
    });
    expect(noHome.statusCode).toBe(400);
    expect(noHome.json().message).toBe('Choose a home city before turning on nearby alerts');
    for (const radius of [0, 501, 2.5, '30', 'far']) {
      const res = await call('PATCH', '/api/users/me', member, {
        homePlaceId: potsdam.id,
        notificationPreferences: { nearbyRadiusKm: radius },
      });
      expect(res.statusCode, String(radius)).toBe(400);
      expect(res.json().message).toMatch(
        /^Nearby alerts radius must be a whole number of kilometres between 1 and 500/,
      );
    }
    const on = await call('PATCH', '/api/users/me', member, {
      homePlaceId: potsdam.id,
      notificationPreferences: { nearbyRadiusKm: 50 },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().notificationPreferences.nearbyRadiusKm).toBe(50);
  });

  it('send one digest a week of new events near home the person may see, never their own', async () => {
    await createEvent(t, host, { title: 'Spree cleanup', placeId: berlin.id });
    await createEvent(t, host, { title: 'Hidden supper', placeId: berlin.id, visibility: 'PRIVATE' });
    await createEvent(t, host, { title: 'Seine picnic', placeId: paris.id });
    await createEvent(t, host, { title: 'Draft walk', placeId: berlin.id, status: 'DRAFT' });
    await createEvent(t, member, { title: 'My own jam', placeId: potsdam.id });

    expect(await digests()).toBe(1);
    const [digest, ...others] = await notificationsOf(t, member, 'events_nearby');
    expect(others).toEqual([]);
    expect(digest?.text).toMatch(/^1 new event near Potsdam: Spree cleanup \(/);
    expect(digest?.url).toBe('/near/potsdam-de');
    // The host has no alerts on: nothing for them.
    expect(await notificationsOf(t, host, 'events_nearby')).toEqual([]);
    // By e-mail too, with the one-click unsubscribe of its group.
    await eventually(async () => {
      const mail = (await mailsTo(t, member.email)).find((m) => m.text.includes('Spree cleanup'));
      expect(mail?.text).toMatch(/unsubscribe/i);
    });

    // A new event the next day waits for the week to pass.
    await createEvent(t, host, { title: 'Lake swim', placeId: potsdam.id });
    expect(await digests(new Date(Date.now() + DAY))).toBe(0);
    expect(await digests(new Date(Date.now() + 8 * DAY))).toBe(1);
    const [next] = await notificationsOf(t, member, 'events_nearby');
    expect(next?.text).toMatch(/^1 new event near Potsdam: Lake swim \(/);
  });

  it('nothing new, or alerts turned off: no digest', async () => {
    await t.db.execute(sql`update users set nearby_digest_at = null where id = ${member.user.id}`);
    await t.db.execute(sql`update events set created_at = now() - interval '30 days'`);
    expect(await digests()).toBe(0);
    await createEvent(t, host, { title: 'Market day', placeId: berlin.id });
    const off = await call('PATCH', '/api/users/me', member, {
      notificationPreferences: { nearbyRadiusKm: null },
    });
    expect(off.json().notificationPreferences.nearbyRadiusKm).toBeNull();
    expect(await digests()).toBe(0);
  });
});
