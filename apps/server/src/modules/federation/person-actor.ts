import type { webcrypto } from 'node:crypto';
import type { Context } from '@fedify/fedify';
import { Endpoints, Image, Person } from '@fedify/vocab';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { isUuid } from '../../platform/ids.ts';
import { keyPairsOf } from './federation.repository.ts';
import { textToHtml } from './objects.ts';

/**
 * People as `Person` actors, for those who opt in (decision 080): `users.fediverse`, off by
 * default. Every actor shares the library's one actor path (`/c/{identifier}`); a person's
 * identifier is `~` and their user id (no community slug has a `~`; the id, unlike the username,
 * never changes), their handle `acct:<username>@<host>`. Not opted in, without a username, or
 * suspended: no actor, no keys, no WebFinger — the same 404 as for a name nobody has.
 */
export const PERSON_MARK = '~';

export const isPersonIdentifier = (identifier: string) => identifier.startsWith(PERSON_MARK);
export const personIdentifier = (userId: string) => `${PERSON_MARK}${userId}`;

const optedIn = and(
  eq(users.fediverse, true),
  isNotNull(users.username),
  or(
    isNull(users.suspendedAt),
    sql`${users.suspendedUntil} is not null and ${users.suspendedUntil} <= now()`,
  ),
);

/** The opted-in person an actor identifier names, if any. */
export async function personOf(db: Executor, identifier: string): Promise<UserRow | undefined> {
  const id = identifier.slice(PERSON_MARK.length);
  if (!isPersonIdentifier(identifier) || !isUuid(id)) return undefined;
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), optedIn));
  return rows[0];
}

/** WebFinger's `acct:<username>@<host>`: the identifier of the opted-in person, or null. */
export async function personByHandle(db: Executor, username: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username.toLowerCase()), optedIn));
  return rows[0] ? personIdentifier(rows[0].id) : null;
}

export async function personActor(
  ctx: Context<void>,
  db: Database,
  identifier: string,
  publicUrl: string,
): Promise<Person | null> {
  const user = await personOf(db, identifier);
  if (!user?.username) return null;
  const keys = await ctx.getActorKeyPairs(identifier);
  return new Person({
    id: ctx.getActorUri(identifier),
    preferredUsername: user.username,
    name: user.fullName,
    summary: user.bio ? textToHtml(user.bio) : null,
    url: new URL(`/user/${user.id}`, publicUrl),
    inbox: ctx.getInboxUri(identifier),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    icon: user.profileImage ? new Image({ url: new URL(user.profileImage, publicUrl) }) : null,
    publicKey: keys[0]?.cryptographicKey,
    assertionMethods: keys.map((k) => k.multikey),
  });
}

export async function personKeyPairs(db: Database, identifier: string): Promise<webcrypto.CryptoKeyPair[]> {
  const user = await personOf(db, identifier);
  return user ? keyPairsOf(db, `user:${user.id}`) : [];
}
