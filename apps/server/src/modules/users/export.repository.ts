import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  communities,
  eventPhotos,
  eventSubgroups,
  events,
  friendGroups,
  friendRequests,
  friendships,
  groupMembers,
  messages,
  recaps,
  rsvps,
  users,
} from '../../db/schema/index.ts';
import { visibleTo } from '../access/events.ts';

/**
 * Reads for the data export (GET /api/users/me/export): what one person created, joined and
 * wrote. Other people appear by id, username and name only.
 */

const person = { userId: users.id, username: users.username, fullName: users.fullName };

/** Ids of the groups of this kind the person has a row in. */
const groupIdsWith = (db: Executor, userId: string, kind: 'friend_group' | 'event_subgroup') =>
  db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.kind, kind)));

/** A group's member ids, in the order they were added. */
const memberIdsOf = (groupId: PgColumn) =>
  sql<
    string[]
  >`coalesce((select array_agg(m.user_id::text order by m.added_at) from ${groupMembers} m where m.group_id = ${groupId}), '{}')`;

export function eventsCreatedBy(db: Executor, userId: string) {
  return db.select().from(events).where(eq(events.creatorId, userId)).orderBy(asc(events.id));
}

/**
 * The person's answers. An event's title is its current one, so it is given only while the
 * person may still see the event (`visibleTo`); otherwise null, with the event's id.
 */
export function rsvpsOf(db: Executor, userId: string) {
  return db
    .select({
      eventId: rsvps.eventId,
      eventTitle: sql<string | null>`case when ${visibleTo(userId)} then ${events.title} end`,
      status: rsvps.status,
      createdAt: rsvps.createdAt,
      updatedAt: rsvps.updatedAt,
    })
    .from(rsvps)
    .innerJoin(events, eq(events.id, rsvps.eventId))
    .where(eq(rsvps.userId, userId))
    .orderBy(asc(rsvps.createdAt));
}

export function friendsOf(db: Executor, userId: string) {
  return db
    .select({ ...person, since: friendships.createdAt })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(eq(friendships.userId, userId))
    .orderBy(asc(friendships.createdAt));
}

export function friendRequestsOf(db: Executor, userId: string, direction: 'sent' | 'received') {
  const [mine, theirs] =
    direction === 'sent'
      ? [friendRequests.requesterId, friendRequests.receiverId]
      : [friendRequests.receiverId, friendRequests.requesterId];
  return db
    .select({ ...person, createdAt: friendRequests.createdAt })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, theirs))
    .where(eq(mine, userId))
    .orderBy(asc(friendRequests.createdAt));
}

/** Friend groups the person created or belongs to, with their member ids. */
export function friendGroupsOf(db: Executor, userId: string) {
  const member = groupIdsWith(db, userId, 'friend_group');
  return db
    .select({
      id: friendGroups.id,
      name: friendGroups.name,
      createdBy: friendGroups.createdBy,
      createdAt: friendGroups.createdAt,
      memberIds: memberIdsOf(friendGroups.id),
    })
    .from(friendGroups)
    .where(or(eq(friendGroups.createdBy, userId), inArray(friendGroups.id, member)))
    .orderBy(asc(friendGroups.id));
}

/**
 * Event sub-groups the person created or belongs to, with their member ids, of events the person
 * may still see (`visibleTo`): a sub-group's name and members are no longer theirs to read when
 * the event is not.
 */
export function subgroupsOf(db: Executor, userId: string) {
  const member = groupIdsWith(db, userId, 'event_subgroup');
  return db
    .select({
      id: eventSubgroups.id,
      name: eventSubgroups.name,
      eventId: eventSubgroups.eventId,
      createdBy: eventSubgroups.createdBy,
      createdAt: eventSubgroups.createdAt,
      memberIds: memberIdsOf(eventSubgroups.id),
    })
    .from(eventSubgroups)
    .innerJoin(events, eq(events.id, eventSubgroups.eventId))
    .where(
      and(or(eq(eventSubgroups.createdBy, userId), inArray(eventSubgroups.id, member)), visibleTo(userId)),
    )
    .orderBy(asc(eventSubgroups.id));
}

/** Every community membership row of the person, whatever its state. */
export function communitiesOf(db: Executor, userId: string) {
  return db
    .select({
      id: communities.id,
      slug: communities.slug,
      name: communities.name,
      role: groupMembers.role,
      state: groupMembers.state,
      answers: groupMembers.answers,
      since: groupMembers.addedAt,
    })
    .from(groupMembers)
    .innerJoin(communities, eq(communities.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), eq(groupMembers.kind, 'community')))
    .orderBy(asc(groupMembers.addedAt));
}

/** Every message the person sent, in every kind of room, oldest first. */
export function messagesSentBy(db: Executor, userId: string) {
  return db
    .select({
      id: messages.id,
      channel: messages.channel,
      receiverId: messages.receiverId,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.id));
}

/** The photos the person added to event albums (decision 075), oldest first. */
export function photosAddedBy(db: Executor, userId: string) {
  return db
    .select({
      id: eventPhotos.id,
      eventId: eventPhotos.eventId,
      uploadKey: eventPhotos.uploadKey,
      caption: eventPhotos.caption,
      createdAt: eventPhotos.createdAt,
    })
    .from(eventPhotos)
    .where(eq(eventPhotos.addedBy, userId))
    .orderBy(asc(eventPhotos.id));
}

/** The recaps the person wrote (decision 075), oldest first. */
export function recapsWrittenBy(db: Executor, userId: string) {
  return db
    .select({
      id: recaps.id,
      eventId: recaps.eventId,
      title: recaps.title,
      body: recaps.body,
      createdAt: recaps.createdAt,
    })
    .from(recaps)
    .where(eq(recaps.authorId, userId))
    .orderBy(asc(recaps.id));
}
