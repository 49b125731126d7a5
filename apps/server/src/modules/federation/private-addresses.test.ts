import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunity, verifiedUsers } from '../../test/factories.ts';
import { freePort, type Peer, startPeer } from '../../test/fediverse-peer.ts';
import { useTestApp } from '../../test/test-app.ts';

let port = 0;
let peer: Peer;
beforeAll(async () => {
  port = await freePort();
  peer = await startPeer();
});
afterAll(async () => {
  await peer?.close();
});

// Federation on, private addresses NOT allowed (the production default): the instance never
// fetches from or delivers to loopback and private networks, whatever a remote activity names.
const t = useTestApp(() => ({ env: { PUBLIC_URL: `http://127.0.0.1:${port}`, FEDERATION: 'true' } }));
beforeAll(async () => {
  await t.app.listen({ port, host: '127.0.0.1' });
});

describe('the private-address guard (decision 072)', () => {
  it('a Follow signed by an actor on a loopback address is refused: its key is never fetched', async () => {
    const [owner] = await verifiedUsers(t, 1);
    const club = await createCommunity(t, owner, { visibility: 'PUBLIC', joinPolicy: 'OPEN' });
    // The peer reaches us (it allows loopback); we may not reach it to read its key: 401.
    await expect(peer.follow(`http://127.0.0.1:${port}/c/${club.slug}`)).rejects.toThrow(/401/);
    const rows = await t.db.execute(sql`select 1 from federation_followers where community_id = ${club.id}`);
    expect(rows.rows).toHaveLength(0);
  });
});
