import { MSG, NEARBY_MSG, type updateUserBody } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { type UserRow, type users, users as usersTable } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Message } from '../../platform/i18n.ts';
import { recordEvent } from '../../platform/outbox.ts';
import {
  contactsOf,
  findUserByEmail,
  findUserById,
  uniqueViolation,
  updateUser,
} from '../../platform/people.ts';
import { homeCity, withHomePlace } from '../places/places.service.ts';
import { presentSelf } from './users.presenter.ts';
import * as repo from './users.repository.ts';

const CANCEL_REASON: Message = { key: 'notification.cancelReason.hostDeleted' };

export type UsersServiceDeps = {
  db: Database;
  /** True for image URLs that point into our own storage (local uploads or the S3 bucket). */
  isOwnImageUrl: (url: string, ownerId: string) => Promise<boolean>;
  /** Re-checks the password (throttled); throws 400 when it is wrong. */
  confirmPassword: (user: UserRow, password: string) => Promise<void>;
  /** Mails a confirmation link to the new address and a notice to the old one. */
  startEmailChange: (user: UserRow, newEmail: string) => Promise<void>;
  /** Inside the deletion's transaction: hands over or deletes the communities the person owns. */
  releaseCommunities: (
    tx: Executor,
    userId: string,
  ) => Promise<{
    cancelled: { id: string; title: string; community: string }[];
    attendees: { eventId: string; userId: string }[];
    /** Guests of the deleted communities' events (decision 048), kept until told. */
    guests: { eventId: string; guestId: string }[];
    afterCommit: () => void;
  }>;
  /**
   * Offers the places the deleted account held to the people waiting, in the deletion's
   * transaction (modules/events); answers what tells them, for after the commit.
   */
  refillWithin: (tx: Executor, eventIds: string[]) => Promise<() => void>;
};

export type UsersService = ReturnType<typeof createUsersService>;

type UpdateInput = z.output<typeof updateUserBody>;

export function createUsersService(deps: UsersServiceDeps) {
  const { db } = deps;
  return {
    /** The signed-in person's own view, with their home city. */
    me: (row: UserRow) => withHomePlace(db, presentSelf(row)),

    /** Anyone's public profile; 404 for an unknown or malformed id. */
    async getPublic(id: string): Promise<UserRow> {
      const user = await findUserById(db, id);
      if (!user) throw notFound(MSG.userNotFound);
      return user;
    },

    /** Only the caller may change their own account. */
    assertSelf(callerId: string, targetId: string): void {
      if (callerId !== targetId) throw forbidden(MSG.forbiddenOtherUser);
    },

    /**
     * Applies a profile update. `profileCompleted` is recomputed (a username and at least one
     * role). A different e-mail address needs the current password and is only pending: the
     * account keeps its address until the link sent to the new one is followed.
     */
    async update(user: UserRow, input: UpdateInput): Promise<UserRow> {
      const newEmail = input.email !== undefined && input.email !== user.email ? input.email : undefined;
      if (newEmail !== undefined) {
        if (!input.currentPassword) throw badRequest(MSG.emailChangePasswordRequired);
        await deps.confirmPassword(user, input.currentPassword);
        if (await findUserByEmail(db, newEmail)) throw conflict(MSG.emailTaken);
      }
      const values: PgUpdateSetSource<typeof users> = {};
      if (newEmail !== undefined) values.pendingEmail = newEmail;
      if (input.username !== undefined) values.username = input.username;
      if (input.fullName !== undefined) values.fullName = input.fullName;
      if (input.roles !== undefined) values.roles = input.roles;
      if (input.interests !== undefined) values.interests = input.interests;
      if (input.bio !== undefined) values.bio = input.bio.trim();
      if (input.phoneNumber !== undefined) values.phoneNumber = input.phoneNumber ?? '';
      if (input.profileImage !== undefined) {
        const unchanged = input.profileImage === user.profileImage;
        if (
          input.profileImage !== null &&
          !unchanged &&
          !(await deps.isOwnImageUrl(input.profileImage, user.id))
        ) {
          throw badRequest(MSG.imageUrlInvalid);
        }
        values.profileImage = input.profileImage;
      }
      if (input.homePlaceId !== undefined) {
        values.homePlaceId = input.homePlaceId && (await homeCity(db, input.homePlaceId)).id;
      }
      if (input.locale !== undefined) values.locale = input.locale;
      if (input.fediverse !== undefined) values.fediverse = input.fediverse;
      const prefs = input.notificationPreferences;
      if (prefs?.nearbyRadiusKm !== undefined) {
        // Alerts are about home: a radius needs a home city (kept, or set in the same request).
        const home = values.homePlaceId !== undefined ? values.homePlaceId : user.homePlaceId;
        if (prefs.nearbyRadiusKm !== null && !home) throw badRequest(NEARBY_MSG.homeRequired);
        values.nearbyRadiusKm = prefs.nearbyRadiusKm;
      }
      if (prefs?.securityAlerts !== undefined) values.notifySecurityAlerts = prefs.securityAlerts;
      if (prefs?.productUpdates !== undefined) values.notifyProductUpdates = prefs.productUpdates;
      if (prefs?.rsvpTiming !== undefined) values.notifyRsvpTiming = prefs.rsvpTiming;
      // Per kind group: merged into what is stored, so a partial update changes only what it names.
      if (prefs?.email && Object.keys(prefs.email).length > 0)
        values.notifyEmail = sql`${usersTable.notifyEmail} || ${JSON.stringify(prefs.email)}::jsonb`;
      if (prefs?.push && Object.keys(prefs.push).length > 0)
        values.notifyPush = sql`${usersTable.notifyPush} || ${JSON.stringify(prefs.push)}::jsonb`;
      const username = input.username ?? user.username;
      const roles = input.roles ?? user.roles;
      values.profileCompleted = Boolean(username) && roles.length > 0;

      let updated: UserRow | undefined;
      try {
        updated = await updateUser(db, user.id, values);
      } catch (error) {
        const field = uniqueViolation(error);
        if (field === 'username') throw conflict(MSG.usernameTaken);
        if (field === 'email') throw conflict(MSG.emailTaken);
        throw error;
      }
      if (!updated) throw notFound(MSG.userNotFound);
      if (newEmail !== undefined) await deps.startEmailChange(updated, newEmail);
      return updated;
    },

    /**
     * Deletes the account (docs/API.md, "What account deletion does"; decision 024): communities
     * it owns are handed over or deleted, its upcoming events are cancelled and everyone who
     * answered them is told, direct messages go, room messages stay as "deleted user".
     */
    async remove(user: UserRow): Promise<void> {
      const { tellOffers, afterCommit } = await db.transaction(async (tx) => {
        const released = await deps.releaseCommunities(tx, user.id);
        const hosted = await repo.upcomingHostedBy(tx, user.id);
        const cancelled = new Map<string, { id: string; title: string; community?: string }>();
        for (const e of [...hosted, ...released.cancelled]) cancelled.set(e.id, e);
        const answered = [
          ...(await repo.attendeesOf(
            tx,
            hosted.map((e) => e.id),
          )),
          ...released.attendees,
        ];
        const others = [...new Set(answered.map((a) => a.userId))].filter((id) => id !== user.id);
        // Places this person held on other hosts' full events: offered to the waitlist once gone.
        const freed = await repo.placesHeldBy(tx, user.id);
        const contacts = new Set((await contactsOf(tx, others)).map((c) => c.userId));
        // Everyone who had answered hears of it through the one `event.cancelled` trigger,
        // recorded with the deletion (decision 065).
        for (const event of cancelled.values())
          await recordEvent(tx, 'event.cancelled', {
            eventId: event.id,
            title: event.title,
            ...(event.community ? { community: event.community } : {}),
            recipients: answered
              .filter((a) => a.eventId === event.id && contacts.has(a.userId))
              .map((a) => a.userId),
            guests: released.guests.filter((g) => g.eventId === event.id).map((g) => g.guestId),
            reason: CANCEL_REASON,
          });
        await repo.deleteDirectMessagesOf(tx, user.id);
        await repo.deleteUser(tx, user.id);
        const tellOffers = await deps.refillWithin(tx, freed);
        return { tellOffers, afterCommit: released.afterCommit };
      });
      afterCommit();
      tellOffers();
    },
  };
}
