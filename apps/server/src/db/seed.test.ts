import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { DEMO_PASSWORD, seedDemo } from './seed.ts';

const t = useTestApp();

describe('demo data', () => {
  it('creates people, friendships, events and chat once, and the demo user can sign in', async () => {
    const created = await seedDemo(t.db);
    expect(created).toHaveLength(4);
    expect(await seedDemo(t.db)).toEqual([]);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'ada', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().accessToken}` };
    const counts = (await t.app.inject({ method: 'GET', url: '/api/events/counts', headers: auth })).json();
    expect(counts).toMatchObject({ draft: 1 });
    expect(counts.live).toBeGreaterThanOrEqual(4);
    expect(counts.past).toBeGreaterThanOrEqual(1);
    const friends = (await t.app.inject({ method: 'GET', url: '/api/friends/list', headers: auth })).json();
    expect(friends.friends.map((f: { username: string }) => f.username).sort()).toEqual(['ben', 'dana']);
    const conversations = (await t.app.inject({ method: 'GET', url: '/api/messages', headers: auth })).json();
    expect(conversations[0].username).toBe('ben');
  });
});
