import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Announce, Create, Delete } from '@fedify/vocab';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { useTestPool } from '../../test/test-app.ts';
import { registerInbound } from './inbound-events.ts';
import * as repo from './remote-events.repository.ts';

/**
 * Who may bring an event in and take it away (decision 079), on the inbox listeners themselves
 * against a real database; only the network is stood in for: `documentLoader` answers what each
 * remote server would serve at a URL (the library verified the signatures before this point).
 */

const pool = useTestPool();
const base = JSON.parse(
  readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'mobilizon-event.json'),
    'utf8',
  ),
) as Record<string, unknown>;

const CLUB = 'https://mobilizon.example/@repair_leipzig';
const MALLORY = 'https://mobilizon.example/@mallory';
const STRANGER = 'https://evil.example/users/eve';
const next = new Date(Date.now() + 7 * 86_400_000);
const served = new Map<string, unknown>();

function eventAt(id: string, attributedTo: string) {
  const start = next.toISOString().replace(/\.\d+Z$/, 'Z');
  const end = new Date(next.getTime() + 7_200_000).toISOString().replace(/\.\d+Z$/, 'Z');
  return { ...base, id, url: id, attributedTo, startTime: start, endTime: end };
}

type Handler = (ctx: InboxContext<void>, activity: unknown) => Promise<void>;
const handlers = new Map<unknown, Handler>();
const inbox = {
  on(type: unknown, handler: Handler) {
    handlers.set(type, handler);
    return inbox;
  },
} as unknown as InboxListenerSetters<void>;
const ctx = {
  documentLoader: async (url: string) => {
    if (!served.has(url)) throw new Error(`404 ${url}`);
    return { document: served.get(url), documentUrl: url, contextUrl: null };
  },
  contextLoader: async (url: string) => {
    throw new Error(`no context ${url}`);
  },
} as unknown as InboxContext<void>;
const deliver = (type: unknown, activity: unknown) => {
  const handler = handlers.get(type);
  if (!handler) throw new Error('no listener');
  return handler(ctx, activity);
};
const stored = (id: string) => repo.remoteEventByApId(pool.handle.db, id);

beforeAll(async () => {
  const limiter = { consume: async () => ({ limited: false }) } as unknown as RateLimiter;
  registerInbound(inbox, { db: pool.handle.db, isBlocked: () => false, limiter });
  await repo.saveSubscription(pool.handle.db, {
    actorUri: CLUB,
    inbox: `${CLUB}/inbox`,
    sharedInbox: null,
    handle: '@repair_leipzig@mobilizon.example',
    name: 'Repair Café',
    instance: 'mobilizon.example',
    followId: 'https://town.example/c/_instance#follow-1',
  });
});

describe('inbound events: only what a followed actor signs', () => {
  it('takes nothing while the follow is not accepted', async () => {
    const id = 'https://mobilizon.example/events/pending-1';
    served.set(id, eventAt(id, CLUB));
    await deliver(
      Create,
      new Create({ id: new URL(`${id}#create`), actor: new URL(CLUB), object: new URL(id) }),
    );
    expect(await stored(id)).toBeUndefined();
    await repo.setSubscriptionState(pool.handle.db, CLUB, 'accepted');
    await deliver(
      Create,
      new Create({ id: new URL(`${id}#create`), actor: new URL(CLUB), object: new URL(id) }),
    );
    expect((await stored(id))?.actorUri).toBe(CLUB);
  });

  it("an object that only claims to be a followed actor's, sent by a stranger, is not taken", async () => {
    const id = 'https://evil.example/events/spam-1';
    served.set(id, eventAt(id, CLUB));
    await deliver(
      Create,
      new Create({ id: new URL(`${id}#create`), actor: new URL(STRANGER), object: new URL(id) }),
    );
    expect(await stored(id)).toBeUndefined();
  });

  it('a Delete by another account of the same server removes nothing while the origin still serves it', async () => {
    const id = 'https://mobilizon.example/events/kept-1';
    served.set(id, eventAt(id, CLUB));
    await deliver(
      Create,
      new Create({ id: new URL(`${id}#create`), actor: new URL(CLUB), object: new URL(id) }),
    );
    expect(await stored(id)).toBeDefined();
    await deliver(
      Delete,
      new Delete({ id: new URL(`${id}#delete-m`), actor: new URL(MALLORY), object: new URL(id) }),
    );
    expect(await stored(id)).toBeDefined();
    // The followed actor's own Announce of someone else's Delete does not count either.
    await deliver(
      Announce,
      new Announce({
        id: new URL(`${CLUB}#announce-1`),
        actor: new URL(CLUB),
        object: new Delete({ id: new URL(`${id}#delete-m2`), actor: new URL(MALLORY), object: new URL(id) }),
      }),
    );
    expect(await stored(id)).toBeDefined();
    // Its own Delete does; so does anyone's once the origin no longer serves the event.
    await deliver(
      Delete,
      new Delete({ id: new URL(`${id}#delete`), actor: new URL(CLUB), object: new URL(id) }),
    );
    expect(await stored(id)).toBeUndefined();
    const gone = 'https://mobilizon.example/events/gone-1';
    served.set(gone, eventAt(gone, CLUB));
    await deliver(
      Create,
      new Create({ id: new URL(`${gone}#create`), actor: new URL(CLUB), object: new URL(gone) }),
    );
    served.delete(gone);
    await deliver(
      Delete,
      new Delete({ id: new URL(`${gone}#delete-m`), actor: new URL(MALLORY), object: new URL(gone) }),
    );
    expect(await stored(gone)).toBeUndefined();
  });

  it('an event years ahead or weeks long is not stored', async () => {
    const far = 'https://mobilizon.example/events/far-1';
    served.set(far, {
      ...eventAt(far, CLUB),
      startTime: '2099-01-01T10:00:00Z',
      endTime: '2099-01-01T12:00:00Z',
    });
    await deliver(
      Create,
      new Create({ id: new URL(`${far}#create`), actor: new URL(CLUB), object: new URL(far) }),
    );
    expect(await stored(far)).toBeUndefined();
    const long = 'https://mobilizon.example/events/long-1';
    served.set(long, { ...eventAt(long, CLUB), endTime: '2099-01-01T12:00:00Z' });
    await deliver(
      Create,
      new Create({ id: new URL(`${long}#create`), actor: new URL(CLUB), object: new URL(long) }),
    );
    expect(await stored(long)).toBeUndefined();
  });
});
