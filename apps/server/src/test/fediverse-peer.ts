import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFederation, type Federation, generateCryptoKeyPair, MemoryKvStore } from '@fedify/fedify';
import { Activity, Endpoints, Follow, Person, Undo } from '@fedify/vocab';

/** A port nothing listens on now (for an app whose PUBLIC_URL must name its port before it starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const body = chunks.length > 0 ? new Uint8Array(Buffer.concat(chunks)) : undefined;
  return new Request(new URL(req.url ?? '/', origin), { method: req.method, headers, body });
}

export type Peer = Awaited<ReturnType<typeof startPeer>>;

/**
 * Another fediverse server on a loopback port, built only from the library (Fedify) and its
 * vocabulary: one person, `alice`, with real key pairs, whose inbox keeps every activity it is
 * delivered (signatures verified by the library, as any server would). Not a stub of ours.
 */
export async function startPeer() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const received: Activity[] = [];
  /** Every body posted to an inbox, as sent (the JSON on the wire). */
  const posted: Record<string, unknown>[] = [];
  const keys = [await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'), await generateCryptoKeyPair('Ed25519')];
  const federation: Federation<void> = createFederation<void>({
    kv: new MemoryKvStore(),
    origin,
    // The Townsquare instance it talks to listens on loopback too (an explicit opt-in).
    allowPrivateAddress: true,
  });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (identifier !== 'alice') return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: 'Alice Remote',
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey,
        assertionMethods: pairs.map((p) => p.multikey),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === 'alice' ? keys : []));
  federation.setInboxListeners('/users/{identifier}/inbox', '/inbox').on(Activity, async (_ctx, activity) => {
    received.push(activity);
  });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const request = await toRequest(req, origin);
      if (request.method === 'POST') posted.push((await request.clone().json()) as Record<string, unknown>);
      const response = await federation.fetch(request, { contextData: undefined });
      res.statusCode = response.status;
      response.headers.forEach((value, name) => {
        res.setHeader(name, value);
      });
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const ctx = () => federation.createContext(new URL(origin));
  const alice = () => ctx().getActorUri('alice');

  return {
    origin,
    alice,
    received,
    posted,
    /** Alice's key pairs (RSA first), for tests that sign requests by hand. */
    keys,
    /** Activities of `type` received so far. */
    receivedOf<T extends Activity>(type: abstract new (...args: never[]) => T): T[] {
      return received.filter((a): a is T => a instanceof type);
    },
    /** Alice follows `groupUri` (looked up over HTTP, as a remote server would); the Follow's id. */
    async follow(groupUri: string): Promise<URL> {
      const c = ctx();
      const group = await c.lookupObject(groupUri);
      if (!group || !('inboxId' in group)) throw new Error(`no actor at ${groupUri}`);
      const id = new URL(`${origin}/follows/${received.length}-${Date.now()}`);
      await c.sendActivity(
        { identifier: 'alice' },
        group as Person,
        new Follow({ id, actor: alice(), object: group.id }),
      );
      return id;
    },
    async unfollow(groupUri: string, followId: URL): Promise<void> {
      const c = ctx();
      const group = await c.lookupObject(groupUri);
      if (!group || !('inboxId' in group)) throw new Error(`no actor at ${groupUri}`);
      await c.sendActivity(
        { identifier: 'alice' },
        group as Person,
        new Undo({
          id: new URL(`${followId.href}/undo`),
          actor: alice(),
          object: new Follow({ id: followId, actor: alice(), object: group.id }),
        }),
      );
    },
    /**
     * Alice sends `build(alice)` (a `Join`, `Leave`, `Undo`…) to the actor at `actorUri`, signed,
     * to its inbox looked up over HTTP.
     */
    async send(actorUri: string, build: (alice: URL) => Activity): Promise<void> {
      const c = ctx();
      const target = await c.lookupObject(actorUri);
      if (!target || !('inboxId' in target)) throw new Error(`no actor at ${actorUri}`);
      await c.sendActivity({ identifier: 'alice' }, target as Person, build(alice()));
    },
    /** A lookup through the library (what a remote server sees of a URL). */
    lookup: (uri: string) => ctx().lookupObject(uri),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
