import {
  type AdminReport,
  type AdminReportsResponse,
  type AuditEntry,
  type ContextMessage,
  type CreateReportBody,
  type MessageRemovedPayload,
  MODERATION_LIMITS,
  MODERATION_MSG,
  type ModerationPerson,
  REPORT_ROOM_TITLES,
  REPORT_SUBJECT_GONE,
  type Report,
  type ReportRoom,
  type ReportSubject,
  type ResolveReportBody,
  type SuspensionResponse,
} from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { EventRow, MessageRow, ReportRow, UserRow } from '../../db/schema/index.ts';
import type { AuditInput } from '../../platform/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Publisher } from '../../realtime/publish.ts';
import { isSuspended } from '../access/people.ts';
import { findMessage } from '../access/rooms.ts';
import type { NotifyInput } from '../notifications/notify.ts';
import * as repo from './moderation.repository.ts';
import { notifyReporter } from './notify-reporter.ts';

const PAGE = 20;
const DAY_MS = 86_400_000;

/** What moderation asks of modules/albums about a reported photo. */
export type PhotoModeration = {
  /** The photo, if `userId` may see it now (its album open to them, no block between them and its author). */
  readableBy(photoId: string, userId: string): Promise<boolean>;
  find(
    photoId: string,
  ): Promise<{ addedBy: string; eventId: string; imageUrl: string; caption: string } | undefined>;
  /** Removes the photo from its album (a moderator's `hide`). */
  remove(photoId: string): Promise<void>;
};

export type ModerationServiceDeps = {
  db: Database;
  publisher: Publisher;
  mailer: Mailer;
  publicUrl: string;
  /** Ends every session of the user and closes their sockets on every instance (auth service). */
  endAllSessions: (userId: string, reason: string) => Promise<void>;
  /** May the user read this chat channel? The room rules of sockets (`chat/rooms.ts`). */
  canReadChannel: (userId: string, channel: string) => Promise<boolean>;
  /** Resolves when the viewer may see the event (`visibleTo`); throws otherwise. */
  canSeeEvent: (eventId: string, viewerId: string) => Promise<void>;
  /** Organisers (and the owner) of the community moderate its chat. */
  isCommunityOrganizer: (communityId: string, userId: string) => Promise<boolean>;
  /** The event's creator or one of its co-hosts (they moderate its chat). */
  isEventHost: (event: Pick<EventRow, 'id' | 'creatorId'>, userId: string) => Promise<boolean>;
  /** After an event was hidden: sockets that can no longer see it leave its chat. */
  onEventHidden?: (eventId: string) => Promise<void>;
  /** modules/albums: album photos as moderation reads them (decision 075). */
  photos: () => PhotoModeration;
  /** The one notification path (modules/notifications): reporters hear the outcome. */
  notify: (input: NotifyInput) => Promise<unknown>;
};

export type ModerationService = ReturnType<typeof createModerationService>;

const personOf = (row: repo.PersonRow | undefined): ModerationPerson | null =>
  row ? { id: row.id, _id: row.id, username: row.username, fullName: row.fullName } : null;

function presentReport(row: ReportRow): Report {
  return {
    id: row.id,
    _id: row.id,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    reason: row.reason,
    details: row.details,
    state: row.state,
    action: row.action,
    outcome: MODERATION_MSG.outcome[row.action ?? 'open'],
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Where a channel is: its kind of room (titled in contracts, REPORT_ROOM_TITLES) and its page. */
function describeChannel(channel: string): { title: string; room: ReportRoom; url: string | null } {
  const [kind, id] = channel.split(':');
  const at = (room: ReportRoom, url: string | null) => ({ title: REPORT_ROOM_TITLES[room], room, url });
  switch (kind) {
    case 'general':
      return at('general', '/dashboard');
    case 'event':
      return at('event', `/event/${id}`);
    case 'community':
      return at('community', null);
    case 'subgroup':
      return at('subgroup', null);
    case 'group':
      return at('group', '/friends');
    default:
      return at('direct', null);
  }
}

/**
 * Reports, their resolution, suspensions, moderator removal of messages and the audit log
 *. Hidden content keeps its row (the audit) and is filtered where
 * it is read: `visibleTo` for events, the history queries for messages.
 */
export function createModerationService(deps: ModerationServiceDeps) {
  const { db, publisher } = deps;

  const audit = (entry: AuditInput) => repo.recordAudit(db, entry);

  /** The author a report's subject belongs to, if the subject still exists. */
  async function authorOf(type: ReportRow['subjectType'], id: string): Promise<string | undefined> {
    switch (type) {
      case 'message':
        return (await findMessage(db, id))?.senderId ?? undefined;
      case 'event':
        return (await repo.findAnyEvent(db, id))?.creatorId;
      case 'user':
        return (await repo.findUser(db, id))?.id;
      case 'community':
        return repo.communityOwner(db, id);
      case 'photo':
        return (await deps.photos().find(id))?.addedBy;
    }
  }

  /** 404 unless the reporter can see the subject now (the same rules as reading it). */
  async function assertVisible(me: UserRow, type: ReportRow['subjectType'], id: string): Promise<void> {
    const missing = () => notFound(MODERATION_MSG.subjectNotFound);
    if (!isUuid(id)) throw missing();
    switch (type) {
      case 'message': {
        const row = await findMessage(db, id);
        if (!row || row.hiddenAt || !(await deps.canReadChannel(me.id, row.channel))) throw missing();
        if (row.senderId === me.id) throw badRequest(MODERATION_MSG.cannotReportSelf);
        return;
      }
      case 'event': {
        await deps.canSeeEvent(id, me.id).catch(() => {
          throw missing();
        });
        const row = await repo.findAnyEvent(db, id);
        if (row?.creatorId === me.id) throw badRequest(MODERATION_MSG.cannotReportSelf);
        return;
      }
      case 'user': {
        const row = await repo.findUser(db, id);
        if (!row) throw missing();
        if (row.id === me.id) throw badRequest(MODERATION_MSG.cannotReportSelf);
        return;
      }
      case 'community': {
        // Every community's about card is public (docs/API.md), so existing is enough.
        if (!(await repo.findCommunity(db, id))) throw missing();
        return;
      }
      case 'photo': {
        if (!(await deps.photos().readableBy(id, me.id))) throw missing();
        if ((await deps.photos().find(id))?.addedBy === me.id)
          throw badRequest(MODERATION_MSG.cannotReportSelf);
        return;
      }
    }
  }

  async function contextOf(channel: string, message: MessageRow, n: number): Promise<ContextMessage[]> {
    const { before, after } =
      n > 0 ? await repo.neighbours(db, channel, message.id, n) : { before: [], after: [] };
    const rows = [...before, message, ...after];
    const people = await repo.peopleByIds(
      db,
      rows.flatMap((r) => (r.senderId ? [r.senderId] : [])),
    );
    return rows.map((r) => ({
      id: r.id,
      sender: personOf(people.get(r.senderId ?? '')),
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      hidden: r.hiddenAt !== null,
      reported: r.id === message.id,
    }));
  }

  /** The subject as an admin reviews it, in context. */
  async function subjectOf(type: ReportRow['subjectType'], id: string): Promise<ReportSubject> {
    const gone: ReportSubject = {
      type,
      id,
      exists: false,
      title: REPORT_SUBJECT_GONE,
      room: null,
      text: '',
      author: null,
      hidden: false,
      url: null,
      context: [],
    };
    const author = async (userId: string | null | undefined) => {
      const person = userId ? (await repo.peopleByIds(db, [userId])).get(userId) : undefined;
      return person
        ? { ...personOf(person)!, suspended: isSuspended(person), isAdmin: person.isAdmin }
        : null;
    };
    switch (type) {
      case 'message': {
        const row = await findMessage(db, id);
        if (!row) return gone;
        const where = describeChannel(row.channel);
        return {
          ...gone,
          exists: true,
          ...where,
          text: row.content,
          author: await author(row.senderId),
          hidden: row.hiddenAt !== null,
          // A direct conversation is private: the message alone, no neighbours.
          context: await contextOf(
            row.channel,
            row,
            row.channel.startsWith('dm:') ? 0 : MODERATION_LIMITS.neighbours,
          ),
        };
      }
      case 'event': {
        const row = await repo.findAnyEvent(db, id);
        if (!row) return gone;
        return {
          ...gone,
          exists: true,
          title: row.title,
          text: `${row.startDate.toISOString()} · ${row.location}\n${row.description}`,
          author: await author(row.creatorId),
          hidden: row.hiddenAt !== null,
          url: `/event/${row.id}`,
        };
      }
      case 'user': {
        const row = await repo.findUser(db, id);
        if (!row) return gone;
        return {
          ...gone,
          exists: true,
          title: row.username ? `${row.fullName} (@${row.username})` : row.fullName,
          text: row.bio,
          author: await author(row.id),
          url: `/user/${row.id}`,
        };
      }
      case 'community': {
        const row = await repo.findCommunity(db, id);
        if (!row) return gone;
        return {
          ...gone,
          exists: true,
          title: row.name,
          text: row.description,
          author: await author(await repo.communityOwner(db, id)),
          url: `/c/${row.slug}`,
        };
      }
      case 'photo': {
        const row = await deps.photos().find(id);
        if (!row) return gone;
        return {
          ...gone,
          exists: true,
          title: row.imageUrl,
          text: row.caption,
          author: await author(row.addedBy),
          url: `/event/${row.eventId}#photos`,
        };
      }
    }
  }

  async function presentAdmin(rows: ReportRow[]): Promise<AdminReport[]> {
    const people = await repo.peopleByIds(
      db,
      rows.flatMap((r) => [r.reporterId, r.resolvedBy ?? '']).filter(Boolean),
    );
    const [open, all] = await Promise.all([
      repo.countsBySubject(
        db,
        rows.map((r) => r.subjectId),
        true,
      ),
      repo.countsBySubject(
        db,
        rows.map((r) => r.subjectId),
        false,
      ),
    ]);
    const subjects = new Map<string, Promise<ReportSubject>>();
    const subject = (r: ReportRow) => {
      const key = `${r.subjectType}:${r.subjectId}`;
      if (!subjects.has(key)) subjects.set(key, subjectOf(r.subjectType, r.subjectId));
      return subjects.get(key)!; // set just above
    };
    return Promise.all(
      rows.map(async (r) => {
        const key = `${r.subjectType}:${r.subjectId}`;
        return {
          ...presentReport(r),
          reporter: personOf(people.get(r.reporterId)),
          resolvedBy: personOf(people.get(r.resolvedBy ?? '')),
          note: r.note,
          subjectReportCount: (r.state === 'open' ? open.get(key) : all.get(key)) ?? 0,
          subject: await subject(r),
        };
      }),
    );
  }

  async function hideMessageRow(row: MessageRow): Promise<void> {
    await repo.hideMessage(db, row.id);
    const payload: MessageRemovedPayload = { id: row.id, room: row.channel };
    publisher.toChannel(row.channel, 'message-removed', payload);
  }

  async function hideEventById(eventId: string): Promise<void> {
    if (!(await repo.hideEvent(db, eventId))) return;
    publisher.toAll('event-hidden', { eventId });
    await deps.onEventHidden?.(eventId);
  }

  const service = {
    /** Files a report on something the reporter can see; one open report per subject. */
    async report(me: UserRow, input: CreateReportBody): Promise<Report> {
      await assertVisible(me, input.subjectType, input.subjectId);
      const row = await repo.insertReport(db, {
        reporterId: me.id,
        subjectType: input.subjectType,
        subjectId: input.subjectId,
        reason: input.reason,
        details: input.details ?? '',
      });
      if (!row) throw conflict(MODERATION_MSG.alreadyReported);
      return presentReport(row);
    },

    async mine(me: UserRow): Promise<Report[]> {
      return (await repo.reportsBy(db, me.id, 100)).map(presentReport);
    },

    async list(state: 'open' | 'resolved', cursor: string | undefined): Promise<AdminReportsResponse> {
      if (cursor !== undefined && !isUuid(cursor)) throw badRequest(MODERATION_MSG.cursorInvalid);
      const [rows, openCount] = await Promise.all([
        repo.listReports(db, state, cursor, PAGE + 1),
        repo.countOpen(db),
      ]);
      const page = rows.slice(0, PAGE);
      return {
        reports: await presentAdmin(page),
        openCount,
        nextCursor: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /**
     * Resolves a report and every other open report on the same subject: `hide` hides a message
     * or an event, `suspend` suspends the subject's author. Each reporter is told the outcome.
     */
    async resolve(admin: UserRow, id: string, input: ResolveReportBody) {
      const report = isUuid(id) ? await repo.findReport(db, id) : undefined;
      if (!report) throw notFound(MODERATION_MSG.reportNotFound);
      if (report.state !== 'open') throw conflict(MODERATION_MSG.reportResolved);
      const subject = { type: report.subjectType, id: report.subjectId };
      if (input.action === 'hide') {
        if (subject.type === 'message') {
          const row = await findMessage(db, subject.id);
          if (row) await hideMessageRow(row);
        } else if (subject.type === 'event') {
          await hideEventById(subject.id);
        } else if (subject.type === 'photo') {
          await deps.photos().remove(subject.id);
        } else {
          throw badRequest(MODERATION_MSG.nothingToHide);
        }
        await audit({
          actorId: admin.id,
          action: 'hide',
          subjectType: subject.type,
          subjectId: subject.id,
          details: { reportId: report.id },
        });
      }
      if (input.action === 'suspend') {
        const authorId = await authorOf(subject.type, subject.id);
        if (!authorId) throw badRequest(MODERATION_MSG.noAuthor);
        await service.suspend(admin, authorId, input.days ?? null, input.note || `Report ${report.id}`);
      }
      const resolved = await repo.resolveSubject(db, subject, {
        action: input.action,
        note: input.note || null,
        resolvedBy: admin.id,
      });
      await audit({
        actorId: admin.id,
        action: 'report.resolve',
        subjectType: subject.type,
        subjectId: subject.id,
        details: {
          reportId: report.id,
          action: input.action,
          resolved: resolved.length,
          note: input.note ?? null,
        },
      });
      for (const r of resolved) await notifyReporter(deps, r, input.action);
      const updated = (await repo.findReport(db, report.id)) ?? report;
      const [presented] = await presentAdmin([updated]);
      return { report: presented!, resolved: resolved.length }; // presentAdmin maps one row to one
    },

    /**
     * Suspends an account for `days` (null: until lifted). Every session ends and every socket
     * closes at once, on every instance; sign-in is refused with the end date; their events are
     * hidden from others (`visibleTo`). Admins cannot suspend themselves or other admins.
     */
    async suspend(
      admin: UserRow,
      userId: string,
      days: number | null,
      reason: string,
    ): Promise<SuspensionResponse> {
      const target = isUuid(userId) ? await repo.findUser(db, userId) : undefined;
      if (!target) throw notFound(MODERATION_MSG.userNotFound);
      if (target.id === admin.id) throw badRequest(MODERATION_MSG.cannotSuspendSelf);
      if (target.isAdmin) throw forbidden(MODERATION_MSG.cannotSuspendAdmin);
      const until = days === null ? null : new Date(Date.now() + days * DAY_MS);
      const row = await repo.setSuspension(db, target.id, { until, reason });
      await deps.endAllSessions(target.id, 'suspended');
      await audit({
        actorId: admin.id,
        action: 'user.suspend',
        subjectType: 'user',
        subjectId: target.id,
        details: { days, until: until?.toISOString() ?? null, reason },
      });
      return presentSuspension(row ?? target);
    },

    async restore(admin: UserRow, userId: string): Promise<SuspensionResponse> {
      const target = isUuid(userId) ? await repo.findUser(db, userId) : undefined;
      if (!target) throw notFound(MODERATION_MSG.userNotFound);
      if (!isSuspended(target)) throw badRequest(MODERATION_MSG.notSuspended);
      const row = await repo.setSuspension(db, target.id, null);
      await audit({ actorId: admin.id, action: 'user.restore', subjectType: 'user', subjectId: target.id });
      return presentSuspension(row ?? target);
    },

    /**
     * Removes a room message. Its author deletes it (the row goes); the host of the event (event
     * chat) or an organiser of the community (community chat) hides it, which keeps the row for the
     * audit. Everyone in the room is told (`message-removed`). Someone who cannot read the room
     * is not told the message exists: 404. `prefix` limits the route to one kind of room.
     */
    async removeMessage(me: UserRow, messageId: string, prefix = ''): Promise<void> {
      const row = isUuid(messageId) ? await findMessage(db, messageId) : undefined;
      if (!row || row.hiddenAt || !row.channel.startsWith(prefix))
        throw notFound(MODERATION_MSG.messageNotFound);
      if (!(await deps.canReadChannel(me.id, row.channel))) throw notFound(MODERATION_MSG.messageNotFound);
      if (row.senderId === me.id) {
        await deleteOwn(row);
        return;
      }
      const [kind, roomId = ''] = row.channel.split(':');
      let moderator = false;
      if (kind === 'event') {
        const event = await repo.findAnyEvent(db, roomId);
        moderator = event !== undefined && (await deps.isEventHost(event, me.id));
      }
      if (kind === 'community') moderator = await deps.isCommunityOrganizer(roomId, me.id);
      if (!moderator) throw forbidden(MODERATION_MSG.notModerator);
      await hideMessageRow(row);
      await audit({
        actorId: me.id,
        action: 'message.delete',
        subjectType: 'message',
        subjectId: row.id,
        details: { room: row.channel, authorId: row.senderId, content: row.content },
      });
    },

    async audit(cursor: string | undefined): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
      if (cursor !== undefined && !isUuid(cursor)) throw badRequest(MODERATION_MSG.cursorInvalid);
      const rows = await repo.listAudit(db, cursor, PAGE * 2 + 1);
      const page = rows.slice(0, PAGE * 2);
      const people = await repo.peopleByIds(db, page.map((r) => r.actorId ?? '').filter(Boolean));
      return {
        entries: page.map((r) => ({
          id: r.id,
          actor: personOf(people.get(r.actorId ?? '')),
          action: r.action,
          subjectType: r.subjectType,
          subjectId: r.subjectId,
          details: (r.details ?? {}) as Record<string, unknown>, // jsonb written by recordAudit: an object
          createdAt: r.createdAt.toISOString(),
        })),
        nextCursor: rows.length > page.length ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** For other modules' organiser and admin actions (community bans, roles, verification). */
    record: audit,
  };

  async function deleteOwn(row: MessageRow) {
    await repo.deleteMessage(db, row.id);
    publisher.toChannel(row.channel, 'message-removed', { id: row.id, room: row.channel });
  }

  return service;
}

function presentSuspension(row: UserRow): SuspensionResponse {
  const suspended = isSuspended(row);
  return {
    userId: row.id,
    suspended,
    suspendedUntil: suspended ? (row.suspendedUntil?.toISOString() ?? null) : null,
    suspensionReason: suspended ? row.suspensionReason : null,
  };
}
