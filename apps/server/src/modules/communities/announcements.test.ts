import { ANNOUNCEMENT_MSG, communityAnnouncementsResponse } from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationsOf, type TestUser, unique, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Organisers announce to their community; members are told, the page shows it. */

const t = useTestApp();
const [owner, member, outsider] = useUsers(t, 3);
let slug: string;

beforeAll(async () => {
  slug = unique('news-').toLowerCase().replace(/_/g, '-').slice(0, 30);
  expect((await call('POST', '/api/communities', owner, { name: 'Allotment club', slug })).statusCode).toBe(
    201,
  );
  expect((await call('POST', `/api/communities/${slug}/join`, member, {})).statusCode).toBe(200);
});

const call = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.auth ?? {}, payload });

describe('community announcements', () => {
  it('an organiser announces: members get community_announcement, the page lists it newest first', async () => {
    const first = await call('POST', `/api/communities/${slug}/announcements`, owner, {
      title: 'Seed swap',
      message: 'Bring your spare seeds on Saturday.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().recipients).toBe(1);
    await call('POST', `/api/communities/${slug}/announcements`, owner, {
      title: 'Water off',
      message: 'Mains off Monday.',
    });

    // One each; their subscriber jobs may run in either order, so the bell's order is not asserted.
    const told = await notificationsOf(t, member, 'community_announcement');
    expect(told.map((n) => n.text).sort()).toEqual([
      'Allotment club: Seed swap: Bring your spare seeds on Saturday.',
      'Allotment club: Water off: Mains off Monday.',
    ]);
    expect(told.map((n) => n.url)).toEqual([`/c/${slug}`, `/c/${slug}`]);
    expect(await notificationsOf(t, owner, 'community_announcement')).toEqual([]);

    const page = communityAnnouncementsResponse.parse(
      (await call('GET', `/api/communities/${slug}/announcements`)).json(),
    );
    expect(page.announcements.map((a) => a.title)).toEqual(['Water off', 'Seed swap']);
    expect(page.announcements[1]?.author?.id).toBe(owner.user.id);
  });

  it('members who are not organisers and outsiders are refused', async () => {
    for (const who of [member, outsider]) {
      const res = await call('POST', `/api/communities/${slug}/announcements`, who, {
        title: 'Hi',
        message: 'Hello',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ANNOUNCEMENT_MSG.notOrganiser);
    }
  });

  it('bad input is a 400 with a readable message', async () => {
    const cases: [object, string][] = [
      [{ message: 'Hello' }, ANNOUNCEMENT_MSG.titleRequired],
      [{ title: 'x'.repeat(121), message: 'Hello' }, ANNOUNCEMENT_MSG.titleTooLong],
      [{ title: 'Hi', message: '' }, ANNOUNCEMENT_MSG.messageRequired],
      [{ title: 'Hi', message: 'y'.repeat(1001) }, ANNOUNCEMENT_MSG.messageTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', `/api/communities/${slug}/announcements`, owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
