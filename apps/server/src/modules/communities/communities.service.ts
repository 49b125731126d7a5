import { randomBytes } from 'node:crypto';
import {
  COMMUNITY_MSG,
  type Community,
  type CommunityMember,
  type CommunityPeople,
  type CommunityRole,
  type CreateCommunityInput,
  type EventDto,
  type LatLon,
  type MembershipState,
  MSG,
  PLACE_LIMITS,
  slugify,
  slugProblem,
  type UpdateCommunityInput,
} from '@townsquare/contracts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import type { CommunityRow, communities, EventRow, GroupMemberRow, UserRow } from '../../db/schema/index.ts';
import type { AuditWriter } from '../../platform/audit.ts';
import type { CommunityRef, DomainEvents } from '../../platform/domain-events.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { recordEvent } from '../../platform/outbox.ts';
import { presentPerson } from '../../platform/people.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { memberIds } from '../access/groups.ts';
import { channels } from '../chat/chat.service.ts';
import { type Actor, groupKinds } from '../groups/kinds.ts';
import type { Change, Memberships, Outcome } from '../groups/membership.service.ts';
import { placeDisplayText, placeForBody, withDistances, withPlaces } from '../places/places.service.ts';
import { presentCommunity, presentMember } from './communities.presenter.ts';
import * as repo from './communities.repository.ts';

export type CommunitiesServiceDeps = {
  db: Database;
  publisher: Publisher;
  memberships: Memberships;
  /** True when `url` is an image `ownerId` uploaded to our storage. */
  isOwnImage: (url: string, ownerId: string) => Promise<boolean>;
  /** Event rows as the API shows them to this viewer. */
  presentEvents: (rows: EventRow[], viewerId: string | undefined) => Promise<EventDto[]>;
  /**
   * After people may have lost sight of the community's private events (they left, were removed
   * or banned, or the community became PRIVATE): their sockets leave those events' chats.
   */
  onAccessReduced?: (change: { userIds?: string[]; eventIds?: string[] }) => Promise<void>;
  /** The audit log (moderation module): every organiser and admin action is written there. */
  audit?: AuditWriter;
  /** Blocks (modules/blocks): either has blocked the other. */
  blockedBetween?: (a: string, b: string) => Promise<boolean>;
};

export type CommunitiesService = ReturnType<typeof createCommunitiesService>;

const MEMBERS = groupKinds.community;
/** The About tab: every organiser a small club has, and a row of faces. */
const PEOPLE_ORGANIZERS = 20;
const PEOPLE_FACES = 8;
type Found = repo.CommunityWithViewer;

const isOrganizer = (f: Pick<Found, 'role' | 'state'>) =>
  f.state === 'member' && (f.role === 'OWNER' || f.role === 'ORGANIZER');

/** PostgreSQL unique_violation of the slug index (drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return source?.constraint === 'communities_slug_idx';
}

const encode = (...parts: (string | number)[]) => Buffer.from(parts.join('|')).toString('base64url');
function decode(cursor: string | undefined): [string, string] | undefined {
  if (!cursor) return undefined;
  const [a, b] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (a === undefined || !b || !isUuid(b)) throw badRequest(COMMUNITY_MSG.cursorInvalid);
  return [a, b];
}
const decodeDate = (value: string) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest(COMMUNITY_MSG.cursorInvalid);
  return date;
};

/** What a notification about a community needs of it. */
const refOf = (c: CommunityRow): CommunityRef => ({ id: c.id, slug: c.slug, name: c.name });

/**
 * An event deleted with its community (`gone`: what its deletion answered), as its
 * `event.cancelled` names it: who had answered it, members and guests.
 */
export function cancelledWith(
  community: string,
  event: { id: string; title: string },
  gone: { attendees: { eventId: string; userId: string }[]; guests: { eventId: string; guestId: string }[] },
): Omit<DomainEvents['event.cancelled'], 'reason'> {
  return {
    eventId: event.id,
    title: event.title,
    community,
    recipients: gone.attendees.filter((a) => a.eventId === event.id).map((a) => a.userId),
    guests: gone.guests.filter((g) => g.eventId === event.id).map((g) => g.guestId),
  };
}

/**
 * Communities: anyone (signed out too) reads the about card; members see members, chat and the
 * events of a PRIVATE community; organisers (OWNER, ORGANIZER) run it; the owner alone deletes it
 * and hands it over. Membership goes through the shared mechanism (docs/decisions/034); this
 * service holds only the community's rules: join policies, roles, states.
 */
export function createCommunitiesService(deps: CommunitiesServiceDeps) {
  const { db, memberships } = deps;

  async function find(slug: string, viewerId: string | undefined): Promise<Found> {
    const found = slug.length <= 200 ? await repo.findBySlug(db, slug.toLowerCase(), viewerId) : undefined;
    if (!found) throw notFound(COMMUNITY_MSG.notFound);
    return found;
  }

  /** Members only: 403 for anyone else (the community itself is public knowledge). */
  async function asMember(slug: string, viewerId: string): Promise<Found> {
    const found = await find(slug, viewerId);
    if (found.state !== 'member') throw forbidden(COMMUNITY_MSG.membersOnly);
    return found;
  }

  async function asOrganizer(slug: string, viewerId: string): Promise<Found> {
    const found = await find(slug, viewerId);
    if (!isOrganizer(found)) throw forbidden(COMMUNITY_MSG.notOrganizer);
    return found;
  }

  async function asOwner(slug: string, viewerId: string): Promise<Found> {
    const found = await find(slug, viewerId);
    if (found.state !== 'member' || found.role !== 'OWNER') throw forbidden(COMMUNITY_MSG.notOwner);
    return found;
  }

  async function checkImage(url: string | null | undefined, user: UserRow, current?: string | null) {
    if (url === undefined || url === null || url === current) return;
    if (!(await deps.isOwnImage(url, user.id))) throw badRequest(COMMUNITY_MSG.imageInvalid);
  }

  /** A free slug: the chosen one (409 if taken), or one derived from the name. */
  async function chooseSlug(input: CreateCommunityInput): Promise<string> {
    if (input.slug) {
      if (await repo.slugTaken(db, input.slug)) throw conflict(COMMUNITY_MSG.slugTaken);
      return input.slug;
    }
    let base = slugify(input.name);
    // A name with nothing an address can spell (only emoji, or another script) gets
    // "community-" and a random part: readable, never empty, and not one shared "community-club".
    const spelled = base !== '';
    if (spelled && slugProblem(base)) base = `${base}-club`;
    for (let n = 1; n <= 20; n++) {
      const candidate = !spelled
        ? `community-${randomBytes(4).readUInt32BE().toString(36).padStart(6, '0').slice(-6)}`
        : n === 1
          ? base
          : `${base.slice(0, 36)}-${n}`;
      if (!slugProblem(candidate) && !(await repo.slugTaken(db, candidate))) return candidate;
    }
    throw conflict(COMMUNITY_MSG.slugTaken);
  }

  async function reread(id: string, viewerId: string): Promise<Community> {
    const found = await repo.findById(db, id, viewerId);
    if (!found) throw notFound(COMMUNITY_MSG.notFound);
    const [community] = await withPlaces(db, [presentCommunity(found.community, found)]);
    // withPlaces returns one item per item given.
    return community!;
  }

  async function presentOneMember(row: Parameters<typeof presentMember>[0], showAnswers: boolean) {
    return presentMember(row, await repo.person(db, row.userId), showAnswers);
  }

  /** The caller as the rules table names them for a change about `userId` (decision 067). */
  const actor = (found: Pick<Found, 'role' | 'state'>, me: UserRow, userId: string): Actor =>
    found.state === 'member' && found.role === 'OWNER'
      ? 'owner'
      : isOrganizer(found)
        ? 'manager'
        : me.id === userId
          ? 'self'
          : 'member';

  /**
   * One membership change through the one writer (modules/groups, decision 067): decided against
   * the person's row as it is under the community's lock (a ban read before a join, an
   * invitation or an approval must not be overwritten by it), with the member count recounted in
   * the same transaction.
   */
  async function transition(
    communityId: string,
    c: Omit<Change, 'groupId'>,
    /** In the same transaction, after the write: the domain event it records (decision 065). */
    recordWithin?: (tx: Executor, outcome: Outcome<GroupMemberRow>) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      const outcome = await memberships.change('community', { ...c, groupId: communityId }, tx);
      await repo.recount(tx, communityId);
      await recordWithin?.(tx, outcome);
      return outcome;
    });
  }

  /** The removed person's sockets leave the chat room and the community's private event chats. */
  async function evict(community: CommunityRow, userId: string) {
    memberships.evict([userId], MEMBERS.room.channel(community.id));
    await deps.onAccessReduced?.({ userIds: [userId] });
  }

  return {
    /** Socket joins of `community:<id>`: members only. */
    canJoin: (communityId: string, userId: string) => memberships.canJoin(MEMBERS, communityId, userId),

    /** The community as this viewer sees it, by id (an invitation names it so). */
    getById: (communityId: string, viewerId: string): Promise<Community> => reread(communityId, viewerId),

    /** The community, when the person organises it (403 otherwise, 404 when there is none). */
    organizedBy: async (slug: string, userId: string): Promise<CommunityRow> =>
      (await asOrganizer(slug, userId)).community,

    /** The community, when the person owns it (403 otherwise, 404 when there is none). */
    ownedBy: async (slug: string, userId: string): Promise<CommunityRow> =>
      (await asOwner(slug, userId)).community,

    /**
     * Someone followed an invitation e-mail: they become a member, whatever the join
     * policy, unless banned (then nothing changes).
     */
    async joinByInvitation(me: UserRow, communityId: string): Promise<boolean> {
      await transition(communityId, {
        userId: me.id,
        actorId: me.id,
        actor: 'self',
        actions: ['acceptInvitation'],
      });
      return true;
    },

    /** A member's consent to show their e-mail address to organisers (the export). */
    async setShareEmail(me: UserRow, slug: string, share: boolean): Promise<boolean> {
      const found = await asMember(slug, me.id);
      return (await memberships.setShareEmail(found.community.id, me.id, share)) ?? false;
    },

    /** Whether the member shares their e-mail address with the organisers. */
    async sharesEmail(me: UserRow, slug: string): Promise<boolean> {
      const found = await asMember(slug, me.id);
      return (await memberships.rows.findMembership(db, found.community.id, me.id))?.shareEmail ?? false;
    },

    /** Hosting an event as a community: its organisers and owner; 404 if they cannot see it. */
    /** Organisers and the owner moderate the community's chat. */
    async isOrganizer(communityId: string, userId: string): Promise<boolean> {
      if (!isUuid(communityId)) return false;
      const row = await memberships.rows.findMembership(db, communityId, userId);
      return row ? isOrganizer(row) : false;
    },

    async assertCanHost(communityId: string, userId: string): Promise<void> {
      const found = isUuid(communityId) ? await repo.findById(db, communityId, userId) : undefined;
      if (!found) throw notFound(COMMUNITY_MSG.notFound);
      if (!isOrganizer(found)) throw forbidden(COMMUNITY_MSG.notHostable);
    },

    async create(me: UserRow, input: CreateCommunityInput): Promise<Community> {
      await checkImage(input.imageUrl, me);
      const place = input.placeId ? await placeForBody(db, input.placeId, me.id) : undefined;
      // Two people founding "Chess Club" at once: the loser of the unique index tries the next slug.
      for (let attempt = 0; ; attempt++) {
        const slug = await chooseSlug(input);
        try {
          const row = await db.transaction(async (tx) => {
            const community = await repo.insertCommunity(tx, {
              slug,
              name: input.name,
              description: input.description ?? '',
              imageUrl: input.imageUrl ?? null,
              location: input.location ?? (place ? placeDisplayText(place) : ''),
              placeId: place?.id ?? null,
              tags: input.tags ?? [],
              visibility: input.visibility ?? 'PUBLIC',
              joinPolicy: input.joinPolicy ?? 'OPEN',
              joinQuestions: input.joinQuestions ?? [],
              createdBy: me.id,
              memberCount: 1,
            });
            await memberships.found('community', community.id, me.id, [], tx);
            return community;
          });
          const [created] = await withPlaces(db, [presentCommunity(row, { role: 'OWNER', state: 'member' })]);
          // withPlaces returns one item per item given.
          return created!;
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          if (input.slug || attempt >= 10) throw conflict(COMMUNITY_MSG.slugTaken);
        }
      }
    },

    async list(
      viewer: UserRow | undefined,
      query: {
        q?: string;
        tag?: string;
        verified?: 'true' | 'false';
        cursor?: string;
        limit: number;
        near?: LatLon;
        radiusKm?: number;
      },
    ) {
      const cursor = decode(query.cursor);
      const memberCount = cursor ? Number(cursor[0]) : 0;
      if (cursor && !Number.isInteger(memberCount)) throw badRequest(COMMUNITY_MSG.cursorInvalid);
      const rows = await repo.discover(db, viewer?.id, {
        q: query.q || undefined,
        tag: query.tag || undefined,
        verified: query.verified === undefined ? undefined : query.verified === 'true',
        after: cursor ? { memberCount, id: cursor[1] } : undefined,
        near: query.near && { ...query.near, radiusKm: query.radiusKm ?? PLACE_LIMITS.radiusKmDefault },
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        communities: await withPlaces(
          db,
          query.near
            ? await withDistances(
                db,
                query.near,
                page.map((r) => presentCommunity(r.community, r)),
              )
            : page.map((r) => presentCommunity(r.community, r)),
        ),
        nextCursor:
          rows.length > query.limit && last ? encode(last.community.memberCount, last.community.id) : null,
      };
    },

    /** Discovery's rows for a search (GET /api/search): most members first, with the viewer's row. */
    discover: (viewerId: string | undefined, q: string, limit: number) =>
      repo.discover(db, viewerId, { q, limit }),

    /** A community as a signed-out visitor sees it in discovery (city pages read their own rows). */
    presentForVisitor: (row: CommunityRow) => presentCommunity(row, { role: null, state: null }),

    async mine(me: UserRow) {
      const rows = await repo.listMine(db, me.id);
      return { communities: rows.map((r) => presentCommunity(r.community, r)), nextCursor: null };
    },

    /** `/c/:slug` for a signed-out visitor (its head, server-side): undefined when there is none. */
    async findForAnonymous(slug: string): Promise<Community | undefined> {
      const found = slug.length <= 200 ? await repo.findBySlug(db, slug.toLowerCase(), undefined) : undefined;
      if (!found) return undefined;
      const [community] = await withPlaces(db, [presentCommunity(found.community, found)]);
      return community;
    },

    /** Public communities for the sitemap. */
    publicForSitemap: (limit: number) => repo.listPublicForSitemap(db, limit),

    async get(slug: string, viewerId: string | undefined): Promise<Community> {
      const found = await find(slug, viewerId);
      const [community] = await withPlaces(db, [presentCommunity(found.community, found)]);
      // withPlaces returns one item per item given.
      return community!;
    },

    async update(me: UserRow, slug: string, input: UpdateCommunityInput): Promise<Community> {
      const { community } = await asOrganizer(slug, me.id);
      await checkImage(input.imageUrl, me, community.imageUrl);
      const values: PgUpdateSetSource<typeof communities> = {};
      for (const key of [
        'name',
        'description',
        'imageUrl',
        'location',
        'tags',
        'visibility',
        'joinPolicy',
        'joinQuestions',
        'currency',
      ] as const) {
        if (input[key] !== undefined) Object.assign(values, { [key]: input[key] });
      }
      // Checked when it changes: an organiser saving other fields resends the club's place.
      if (input.placeId !== undefined && input.placeId !== community.placeId)
        values.placeId = input.placeId && (await placeForBody(db, input.placeId, me.id)).id;
      await repo.updateCommunity(db, community.id, values);
      if (values.visibility === 'PRIVATE' && community.visibility !== 'PRIVATE')
        await deps.onAccessReduced?.({ eventIds: await repo.eventIdsOf(db, community.id) });
      return reread(community.id, me.id);
    },

    /**
     * The owner deletes the community: upcoming events are cancelled and everyone who had
     * answered them is told (`event-cancelled`); members' sockets leave the chat room.
     */
    async remove(me: UserRow, slug: string): Promise<void> {
      const { community } = await asOwner(slug, me.id);
      const channel = MEMBERS.room.channel(community.id);
      const { people, cancelled } = await db.transaction(async (tx) => {
        const people = await memberships.rows.everyoneIn(tx, community.id);
        const gone = await repo.deleteCommunity(tx, community.id);
        // Members and guests who had answered hear of it through the one `event.cancelled`
        // trigger, recorded with the deletion (decision 065).
        for (const event of gone.cancelled)
          await recordEvent(tx, 'event.cancelled', {
            ...cancelledWith(community.name, event, gone),
            reason: {
              key: 'notification.cancelReason.communityDeleted',
              params: { community: community.name },
            },
          });
        return { people, cancelled: gone.cancelled };
      });
      memberships.evict(people, channel);
      for (const event of cancelled)
        deps.publisher.toChannel(channels.event(event.id), 'event-cancelled', {
          eventId: event.id,
          title: event.title,
          community: community.name,
        });
    },

    /**
     * Account deletion, inside its transaction (docs/decisions/024): each community the person
     * owns passes to its longest-standing organiser, else its longest-standing member; one with
     * nobody else is deleted like `remove` (its upcoming events cancelled). Every membership row
     * of the person goes and member counts are kept true. Returns the cancelled events with who
     * had answered them, and `afterCommit` (sockets leave the rooms of deleted communities).
     */
    async releaseAccount(tx: Executor, userId: string) {
      const cancelled: { id: string; title: string; community: string }[] = [];
      const attendees: { eventId: string; userId: string }[] = [];
      const guests: { eventId: string; guestId: string }[] = [];
      const evictions: { people: string[]; channel: string }[] = [];
      for (const owned of await repo.ownedBy(tx, userId)) {
        await memberships.lock('community', tx, owned.id);
        const heir = await memberships.rows.successorOf(tx, owned.id, userId);
        if (heir) {
          // The one transfer path; the leaving owner's rows all go below.
          await memberships.change(
            'community',
            {
              groupId: owned.id,
              userId: heir,
              actorId: userId,
              actor: 'owner',
              actions: ['transferOwnership'],
            },
            tx,
          );
          continue;
        }
        evictions.push({
          people: await memberships.rows.everyoneIn(tx, owned.id),
          channel: MEMBERS.room.channel(owned.id),
        });
        const gone = await repo.deleteCommunity(tx, owned.id);
        cancelled.push(...gone.cancelled.map((e) => ({ ...e, community: owned.name })));
        attendees.push(...gone.attendees);
        guests.push(...gone.guests);
      }
      for (const communityId of await memberships.dropAll('community', tx, userId))
        await repo.recount(tx, communityId);
      return {
        cancelled,
        attendees,
        guests,
        afterCommit: () => {
          for (const e of evictions) memberships.evict(e.people, e.channel);
        },
      };
    },

    /** OPEN → member; APPROVAL → pending with the answers; INVITE → only an invitation lets you in. */
    async join(me: UserRow, slug: string, answers: string[] = []): Promise<Community> {
      const { community } = await find(slug, me.id);
      const given = community.joinQuestions.map((_, i) => answers[i]?.trim() ?? '');
      const outcome = await transition(
        community.id,
        {
          userId: me.id,
          actorId: me.id,
          actor: 'self',
          actions: ['join'],
          policy: community.joinPolicy,
          answers: given,
          check: (_tx, { next }) => {
            if (next === 'pending' && given.some((a) => a === ''))
              throw badRequest(COMMUNITY_MSG.answersRequired);
          },
        },
        // The organisers hear of the request through the outbox, in this transaction (decision 065).
        async (tx, o) => {
          if (o.written && o.after?.state === 'pending')
            await recordEvent(tx, 'member.requested', {
              community: refOf(community),
              requesterId: me.id,
              organizerIds: await memberIds(tx, community.id, 'organizers'),
            });
        },
      );
      if (outcome.written && outcome.after?.state === 'pending') {
        // Join requests are for those who decide them: the organisers, not every member.
        const organizerIds = await memberIds(db, community.id, 'organizers');
        for (const id of organizerIds)
          deps.publisher.toUser(id, 'community-request', { communityId: community.id });
      }
      return reread(community.id, me.id);
    },

    /** A member's choice for the community's new events: `all` (default) or `none`. */
    async setEventNotifications(me: UserRow, slug: string, choice: 'all' | 'none'): Promise<Community> {
      const found = await asMember(slug, me.id);
      await memberships.setEventNotifications(found.community.id, me.id, choice);
      return reread(found.community.id, me.id);
    },

    /** Members whose choice for new events is `all` (community_event notifications). */
    membersNotifiedOfEvents: (communityId: string) => memberIds(db, communityId, 'notifiedOfEvents'),

    /**
     * Whether the person may see the community as a notification subject: a PUBLIC one unless
     * banned; a PRIVATE one as a member, or when asked to or invited to join it.
     */
    async isVisibleTo(communityId: string, userId: string): Promise<boolean> {
      if (!isUuid(communityId)) return false;
      const found = await repo.findById(db, communityId, userId);
      if (!found || found.state === 'banned') return false;
      return found.community.visibility === 'PUBLIC' || found.state !== null;
    },

    /** Leaves, cancels a request or declines an invitation; an owner hands over first. */
    async leave(me: UserRow, slug: string): Promise<Community> {
      const { community } = await find(slug, me.id);
      const left = await transition(community.id, {
        userId: me.id,
        actorId: me.id,
        actor: 'self',
        actions: ['leave'],
      });
      if (left.written) await evict(community, me.id);
      return reread(community.id, me.id);
    },

    /** Members see members; organisers also see pending, invited and banned rows (with answers). */
    /**
     * The About tab's people: the owner and organisers, and the faces of the members
     * who joined first; public communities show them to anyone, private ones to members.
     */
    async people(slug: string, viewerId: string | undefined): Promise<CommunityPeople> {
      const found = await find(slug, viewerId);
      const { community } = found;
      if (community.visibility === 'PRIVATE' && found.state !== 'member')
        throw forbidden(COMMUNITY_MSG.membersOnly);
      const person = (r: Awaited<ReturnType<typeof memberships.rows.memberPage>>[number]) =>
        presentPerson(r.member.userId, { id: r.member.userId, ...r });
      const [organizers, faces] = await Promise.all([
        memberships.rows.memberPage(db, community.id, 'member', undefined, PEOPLE_ORGANIZERS, [
          'OWNER',
          'ORGANIZER',
        ]),
        memberships.rows.memberPage(db, community.id, 'member', undefined, PEOPLE_FACES),
      ]);
      return {
        organizers: organizers.map(person),
        faces: faces.map(person),
        memberCount: community.memberCount,
      };
    },

    async members(
      me: UserRow,
      slug: string,
      query: { state: MembershipState; role?: CommunityRole[]; cursor?: string; limit: number },
    ) {
      const found = await asMember(slug, me.id);
      const organizer = isOrganizer(found);
      if (query.state !== 'member' && !organizer) throw forbidden(COMMUNITY_MSG.notOrganizer);
      const cursor = decode(query.cursor);
      const rows = await memberships.rows.memberPage(
        db,
        found.community.id,
        query.state,
        cursor?.[1],
        query.limit + 1,
        query.role,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1)?.member;
      return {
        members: page.map((r) => presentMember(r.member, { id: r.member.userId, ...r }, organizer)),
        nextCursor:
          rows.length > query.limit && last ? encode(last.addedAt.toISOString(), last.userId) : null,
      };
    },

    /**
     * `{ state: "member" }` approves a request; `{ role }` promotes or demotes; `{ role: "OWNER" }`
     * (the owner only) hands the community over, the old owner staying as an organiser. Organisers
     * are peers below the owner: one may promote a member and demote or remove an organiser.
     */
    async updateMember(
      me: UserRow,
      slug: string,
      userId: string,
      change: { state?: 'member'; role?: CommunityRole },
    ): Promise<CommunityMember> {
      const found = await asOrganizer(slug, me.id);
      const { community } = found;
      // The owner changes their own role only by handing over: refused before anything is read.
      if (userId === me.id && change.role && change.role !== found.role && found.role)
        memberships.guard('community', 'setRole', { role: found.role, state: 'member' }, true);
      const by = { userId, actorId: me.id, actor: actor(found, me, userId) };
      if (change.role === 'OWNER') {
        const { after: updated } = await transition(community.id, { ...by, actions: ['transferOwnership'] });
        // A transfer leaves the new owner's row (the rules table refuses every other outcome).
        const row = updated!;
        if (row.userId !== me.id)
          await deps.audit?.({
            actorId: me.id,
            action: 'community.role',
            subjectType: 'user',
            subjectId: userId,
            details: { communityId: community.id, slug: community.slug, role: 'OWNER' },
          });
        return presentOneMember(row, true);
      }
      const { before, after } = await transition(
        community.id,
        {
          ...by,
          actions: [
            ...(change.state === 'member' ? (['approve'] as const) : []),
            ...(change.role ? (['setRole'] as const) : []),
          ],
          role: change.role,
        },
        async (tx, o) => {
          if (o.before?.state === 'pending' && o.after?.state === 'member')
            await recordEvent(tx, 'member.approved', { community: refOf(community), actorId: me.id, userId });
        },
      );
      // Approve and setRole either refuse or leave a member's row (the rules table).
      const row = before!;
      const updated = after!;
      if (change.role && change.role !== row.role)
        await deps.audit?.({
          actorId: me.id,
          action: 'community.role',
          subjectType: 'user',
          subjectId: row.userId,
          details: { communityId: community.id, slug: community.slug, from: row.role, role: change.role },
        });
      if (row.state === 'pending' && updated.state === 'member') {
        deps.publisher.toUser(row.userId, 'community-approved', {
          communityId: community.id,
          slug: community.slug,
        });
      }
      return presentOneMember(updated, true);
    },

    /** Removes a member, declines a request, withdraws an invitation or lifts a ban. */
    async removeMember(me: UserRow, slug: string, userId: string): Promise<Community> {
      const found = await asOrganizer(slug, me.id);
      const { community } = found;
      const { before } = await transition(community.id, {
        userId,
        actorId: me.id,
        actor: actor(found, me, userId),
        actions: ['remove'],
      });
      // `remove` refuses (404) when there is no row.
      const row = before!;
      await evict(community, row.userId);
      if (row.userId !== me.id)
        await deps.audit?.({
          actorId: me.id,
          action: 'community.remove',
          subjectType: 'user',
          subjectId: row.userId,
          details: { communityId: community.id, slug: community.slug, previousState: row.state },
        });
      return reread(community.id, me.id);
    },

    /** Invites a user; someone who had asked to join is simply approved. */
    async invite(me: UserRow, slug: string, userId: string): Promise<CommunityMember> {
      const found = await asOrganizer(slug, me.id);
      const { community } = found;
      const person = isUuid(userId) ? await repo.person(db, userId) : undefined;
      if (!person) throw notFound(COMMUNITY_MSG.userNotFound);
      // An invitation is a message with a name the inviter chose: not between people with a block.
      if (await deps.blockedBetween?.(me.id, userId)) throw forbidden(MSG.contactUnavailable);
      const { after } = await transition(
        community.id,
        {
          userId,
          actorId: me.id,
          actor: actor(found, me, userId),
          actions: ['invite'],
        },
        async (tx, o) => {
          if (o.after)
            await recordEvent(tx, o.after.state === 'member' ? 'member.approved' : 'member.invited', {
              community: refOf(community),
              actorId: me.id,
              userId,
            });
        },
      );
      // `invite` refuses or leaves a row (invited, or member for a request).
      const updated = after!;
      const approved = updated.state === 'member';
      deps.publisher.toUser(userId, approved ? 'community-approved' : 'community-invite', {
        communityId: community.id,
        slug: community.slug,
        name: community.name,
      });
      return presentMember(updated, person, true);
    },

    /** Bans a user (member or not): their sockets leave the room at once; only an unban lets them back. */
    async ban(me: UserRow, slug: string, userId: string): Promise<CommunityMember> {
      const found = await asOrganizer(slug, me.id);
      const { community } = found;
      const person = isUuid(userId) ? await repo.person(db, userId) : undefined;
      if (!person) throw notFound(COMMUNITY_MSG.userNotFound);
      if (userId === me.id) throw badRequest(COMMUNITY_MSG.cannotBanSelf);
      const { after } = await transition(community.id, {
        userId,
        actorId: me.id,
        actor: actor(found, me, userId),
        actions: ['ban'],
      });
      // `ban` leaves a banned row from every state.
      const updated = after!;
      await evict(community, userId);
      await deps.audit?.({
        actorId: me.id,
        action: 'community.ban',
        subjectType: 'user',
        subjectId: userId,
        details: { communityId: community.id, slug: community.slug },
      });
      return presentMember(updated, person, true);
    },

    /** PUBLIC: the events anyone may see; PRIVATE: members only. */
    async events(
      viewer: UserRow | undefined,
      slug: string,
      query: { when: 'upcoming' | 'past'; cursor?: string; limit: number },
    ) {
      const found = await find(slug, viewer?.id);
      if (found.community.visibility === 'PRIVATE' && found.state !== 'member')
        throw forbidden(COMMUNITY_MSG.membersOnly);
      const cursor = decode(query.cursor);
      const rows = await repo.communityEvents(
        db,
        found.community.id,
        viewer?.id,
        query.when,
        cursor ? { startDate: decodeDate(cursor[0]), id: cursor[1] } : undefined,
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        events: await deps.presentEvents(page, viewer?.id),
        nextCursor: rows.length > query.limit && last ? encode(last.startDate.toISOString(), last.id) : null,
      };
    },

    /** The chat (`community:<id>`, `new-community-message`): members only (403 for others). */
    ...memberships.chatFor(MEMBERS, async (me, slug) => (await asMember(slug, me.id)).community.id),

    /** Platform admins mark a community verified (or not). */
    async setVerified(id: string, value: boolean, viewerId: string): Promise<Community> {
      const row = isUuid(id) ? await repo.updateCommunity(db, id, { verified: value }) : undefined;
      if (!row) throw notFound(COMMUNITY_MSG.notFound);
      await deps.audit?.({
        actorId: viewerId,
        action: 'community.verify',
        subjectType: 'community',
        subjectId: row.id,
        details: { value },
      });
      return reread(row.id, viewerId);
    },
  };
}
