import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, nextIp, requestAs, type TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Decision 062: city pages are made once per PAGE_CACHE_SECONDS per instance (HTML and data),
 * read at most PAGE_RATE_LIMIT times a minute per client address, and an unknown, over-long or
 * malformed city is the app's 404 page, never the shell with a 200.
 */

const t = useTestApp({
  // Long enough that the test sees the cached page, whatever the machine's speed.
  env: { PAGE_CACHE_SECONDS: '30' },
  web: {
    'index.html':
      '<!doctype html><html lang="en"><head><title>Townsquare</title></head><body><div id="root"></div></body></html>',
  },
});
const inject = requestAs(t);
let host: TestUser;
let berlinId: string;

const read = (url: string, remoteAddress = nextIp()) => t.app.inject({ method: 'GET', url, remoteAddress });

beforeAll(async () => {
  host = await createUser(t);
  const res = await inject('POST', '/api/places', host, { name: 'Berlin', lat: 52.52437, lon: 13.41053 });
  berlinId = res.json().place.id;
  await createEvent(t, host, { title: 'Spree cleanup', placeId: berlinId });
});

describe('a city page', () => {
  it('is made once and kept: an event added meanwhile is not on it yet', async () => {
    for (const url of ['/api/near/berlin-de', '/near/berlin-de']) {
      const first = await read(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.body, url).toContain('Spree cleanup');
    }
    await createEvent(t, host, { title: 'Tempelhof kite day', placeId: berlinId });
    for (const url of ['/api/near/berlin-de', '/near/berlin-de']) {
      const again = await read(url);
      expect(again.statusCode, url).toBe(200);
      expect(again.body, url).toContain('Spree cleanup');
      expect(again.body, url).not.toContain('Tempelhof kite day');
    }
  });

  it('answers one client address 60 reads a minute (page and data together), then a readable 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 60; i++) {
      const res = await read(i % 2 ? '/near/berlin-de' : '/api/near/berlin-de', ip);
      expect(res.statusCode).toBe(200);
    }
    for (const url of ['/near/berlin-de', '/api/near/berlin-de']) {
      const refused = await read(url, ip);
      expect(refused.statusCode, url).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(
        /^Too many attempts\. Please try again in \d+ (seconds|minute)\.$/,
      );
    }
    expect((await read('/near/berlin-de')).statusCode).toBe(200);
  });

  it('is a 404 page for an unknown, over-long or malformed city, never the shell with a 200', async () => {
    for (const url of [
      '/near/atlantis-zz',
      `/near/${'a'.repeat(150)}-de`,
      `/near/${'berlin-'.repeat(40)}de`,
      '/near/berlin-de/extra',
      '/near/Berlin%20DE',
      '/near/',
    ]) {
      const res = await read(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<title>');
    }
  });
});
