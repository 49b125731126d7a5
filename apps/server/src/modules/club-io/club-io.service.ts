import { createHash } from 'node:crypto';
import {
  CLUB_IO_LIMITS,
  CLUB_IO_MSG,
  type Community,
  type CommunityExport,
  type CommunityImport,
  type ImportDates,
  INVITATION_MSG,
  INVITE_SKIP_REASONS,
  type InviteSkipReason,
  type MemberImportPreview,
  type MemberImportReport,
} from '@townsquare/contracts';
import type { Database } from '../../db/client.ts';
import type { CommunityImportRow, CommunityRow, ImportError, UserRow } from '../../db/schema/index.ts';
import { ChildDeadlineError, runInChild } from '../../platform/child-task.ts';
import { badRequest, forbidden, gone, notFound, tooManyRequests } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { communityInvitationMail } from '../../platform/mail/templates.ts';
import { IMPORT_PACE, pacer } from '../../platform/pace.ts';
import { findUserById } from '../../platform/people.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { addressToken, type LinkSigner, readAddressToken } from '../../platform/signed-links.ts';
import { statesOfAddresses } from '../access/groups.ts';
import { mayPublish } from '../events/events.service.ts';
import { extendSeries } from '../events/series.service.ts';
import { NEVER_INVITE } from '../notifications/notifications.routes.ts';
import * as repo from './club-io.repository.ts';
import { buildCommunityZip } from './community-export.ts';
import { FeedError, fetchFeed, urlProblem } from './fetch-feed.ts';
import type { ImportedEvent, ImportedItem, ParsedCalendar } from './ics-import.ts';
import type { IcsAnswer, IcsTask } from './ics-worker.ts';
import { type MemberColumns, type MemberRow, readMemberCsv } from './member-csv.ts';

export const IMPORT_QUEUE = 'community-import';
export const FEEDS_QUEUE = 'community-feeds';
export const INVITE_MAIL_QUEUE = 'community-invite-mail';
export const EXPORT_QUEUE = 'community-export';
const NEVER_INVITE_PURPOSE = 'invite-never';
/** The token of an address's "never invite me again" link. */
export const neverInviteToken = (links: LinkSigner, email: string) =>
  addressToken(links, NEVER_INVITE_PURPOSE, email);
const DAY_MS = 24 * 60 * 60 * 1000;

export type ClubIoDeps = {
  db: Database;
  jobs: Jobs;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  /** Signs the invitation tokens (derived from each invitation's id; never stored; decision 066). */
  links: LinkSigner;
  /** The Web Push endpoint setting: private feed addresses are allowed (development, tests). */
  allowPrivate: boolean;
  communities: {
    organizedBy(slug: string, userId: string): Promise<CommunityRow>;
    ownedBy(slug: string, userId: string): Promise<CommunityRow>;
    joinByInvitation(me: UserRow, communityId: string): Promise<boolean>;
    isOrganizer(communityId: string, userId: string): Promise<boolean>;
    getById(communityId: string, viewerId: string): Promise<Community>;
  };
  /** Either has blocked the other (modules/blocks). */
  blockedBetween: (a: string, b: string) => Promise<boolean>;
  /** Wall time the child process reading one file may take (IMPORT_DEADLINE_MS; decision 061). */
  importDeadlineMs?: number;
  now?: () => Date;
};

export type ClubIoService = ReturnType<typeof createClubIoService>;

export function presentImport(row: CommunityImportRow): CommunityImport {
  return {
    id: row.id,
    communityId: row.communityId,
    url: row.url,
    fileName: row.fileName,
    subscribed: row.subscribed,
    state: row.state,
    total: row.total,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    errors: row.errors,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function presentExport(row: NonNullable<Awaited<ReturnType<typeof repo.findExport>>>): CommunityExport {
  return {
    id: row.id,
    communityId: row.communityId,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Bringing a club in and taking it out (decision 041): ICS imports on the job queue,
 * member invitations by e-mail, and the community's export.
 */
export function createClubIoService(deps: ClubIoDeps) {
  const { db, jobs, limiter } = deps;
  const now = deps.now ?? (() => new Date());
  const importDeadlineMs = deps.importDeadlineMs ?? 60_000;
  // A feed is fetched (10 s), read (IMPORT_DEADLINE_MS, at most 10 min) and written well within the
  // 15 minutes; a retry after an error runs it again (idempotent), never after a dead attempt (`run`).
  jobs.define(IMPORT_QUEUE, { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 15 * 60 });
  jobs.define(INVITE_MAIL_QUEUE, { retryLimit: 8, retryDelaySeconds: 10, expireInSeconds: 60 });
  jobs.define(EXPORT_QUEUE, { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 15 * 60 });

  // Both through the one link signer (decision 066). An invitation is mailed the token whose hash
  // its row stores, so one stored before a key rotation (or before 066) keeps its link.
  const inviteToken = (invitationId: string) => deps.links.sign('community-invite', invitationId);
  const storedInviteToken = (invitation: { id: string; tokenHash: string }) =>
    deps.links
      .signatures('community-invite', invitation.id)
      .find((token) => sha256(token) === invitation.tokenHash);
  const neverInviteUrl = (email: string) =>
    `${deps.publicUrl}${NEVER_INVITE}?token=${encodeURIComponent(neverInviteToken(deps.links, email))}`;
  const expired = (invitation: { createdAt: Date }) =>
    invitation.createdAt.getTime() + CLUB_IO_LIMITS.invitationTtlDays * DAY_MS <= now().getTime();

  // fromEntries loses the keys' type: they are every reason, each counted from 0.
  const emptyHeld = () =>
    Object.fromEntries(INVITE_SKIP_REASONS.map((r) => [r, 0])) as MemberImportReport['held'];

  /** The organiser's community and the list read (decision 076); a list that cannot be is a 400. */
  async function memberList(
    me: UserRow,
    slug: string,
    csv: string,
  ): Promise<{ community: CommunityRow; rows: MemberRow[]; columns: MemberColumns }> {
    const community = await deps.communities.organizedBy(slug, me.id);
    // The rule of publishing an event (EVENT_MSG.verifyToPublish): mail to others needs an
    // address of one's own that is known to work.
    if (!me.emailVerifiedAt) throw forbidden(INVITATION_MSG.verifyToInvite);
    const list = readMemberCsv(csv);
    if (list.kind === 'workbook') throw badRequest(CLUB_IO_MSG.csvWorkbook);
    if (list.kind === 'no email column')
      throw badRequest(list.meetup ? CLUB_IO_MSG.csvMeetupNoEmails : CLUB_IO_MSG.csvNoEmailColumn);
    if (list.rows.length === 0) throw badRequest(CLUB_IO_MSG.csvRequired);
    if (list.tooMany) throw badRequest(CLUB_IO_MSG.csvTooLong);
    return { community, rows: list.rows, columns: list.columns };
  }

  /** Accounts of the list's addresses, and those blocked either way with the organiser. */
  async function peopleOf(me: UserRow, community: CommunityRow, rows: MemberRow[]) {
    const valid = [...new Set(rows.filter((r) => r.valid).map((r) => r.email))];
    const states = await statesOfAddresses(db, community.id, valid);
    const blocked = new Set<string>();
    for (const [email, person] of states)
      if (person.userId !== me.id && (await deps.blockedBetween(me.id, person.userId))) blocked.add(email);
    return { valid, states, blocked };
  }

  /**
   * Who of the list is invited and who is skipped, and why: the one judgement of a preview and
   * of a send (the send runs it under the community's row lock, decision 063).
   */
  async function planInvitations(
    executor: Parameters<typeof repo.invitedEmails>[0],
    me: UserRow,
    community: CommunityRow,
    rows: MemberRow[],
    people: Awaited<ReturnType<typeof peopleOf>>,
  ) {
    const { valid, states, blocked } = people;
    const at = now();
    const dayAgo = new Date(at.getTime() - DAY_MS);
    const [invited, suppressed, perAddress, today, mineToday] = await Promise.all([
      repo.invitedEmails(executor, community.id, valid),
      repo.suppressedEmails(executor, valid),
      repo.addressInvitesSince(executor, valid, new Date(at.getTime() - 7 * DAY_MS)),
      repo.communityInvitesSince(executor, community.id, dayAgo),
      repo.organiserInvitesSince(executor, me.id, dayAgo),
    ]);
    // The community's day, and its organiser's across every community they run (one account
    // with many communities is not many senders).
    const left = Math.max(
      0,
      Math.min(
        CLUB_IO_LIMITS.invitesPerCommunityPerDay - today,
        CLUB_IO_LIMITS.invitesPerOrganiserPerDay - mineToday,
      ),
    );
    const firstRow = new Map<string, number>();
    const toInvite: MemberRow[] = [];
    const skipped: MemberImportReport['skipped'] = [];
    for (const row of rows) {
      const person = states.get(row.email);
      const skip = (reason: InviteSkipReason, duplicateOf?: number) =>
        skipped.push({
          line: row.line,
          name: row.name,
          email: row.email,
          reason,
          ...(duplicateOf === undefined ? {} : { duplicateOf }),
        });
      const earlier = firstRow.get(row.email);
      if (!row.email) skip('no address');
      else if (!row.valid) skip('invalid');
      else if (earlier !== undefined) skip('duplicate', earlier);
      else if (person?.state === 'member') skip('already a member');
      else if (person?.state === 'banned' || blocked.has(row.email)) skip('blocked');
      else if (invited.has(row.email)) skip('already invited');
      else if (suppressed.has(row.email)) skip('suppressed');
      else if ((perAddress.get(row.email) ?? 0) >= CLUB_IO_LIMITS.invitesPerAddressPerWeek)
        skip('recipient limit');
      else if (toInvite.length >= left) skip('daily limit');
      else toInvite.push(row);
      if (row.email && earlier === undefined) firstRow.set(row.email, row.line);
    }
    const held = emptyHeld();
    for (const s of skipped) held[s.reason] += 1;
    return { toInvite, skipped, held };
  }

  async function spend(key: string, limit: number, message: string) {
    const verdict = await limiter.consume(key, { limit, windowMs: 3_600_000 });
    if (verdict.limited) {
      await limiter.release(key);
      throw tooManyRequests(message, verdict.retryAfterSeconds);
    }
  }

  /** The import, to an organiser of its community (403 to anyone else). */
  async function ownImport(me: UserRow, id: string) {
    const row = isUuid(id) ? await repo.findImport(db, id) : undefined;
    const community = row && (await repo.findCommunity(db, row.communityId));
    if (!row || !community) throw notFound(CLUB_IO_MSG.importNotFound);
    await deps.communities.organizedBy(community.slug, me.id);
    return row;
  }

  type Counts = { created: number; updated: number; unchanged: number };

  /**
   * Writes what the file holds; `report` is told the counts as they grow. An item the database
   * refuses is one problem of the report (with its line and title), never the end of the import.
   * A new series publishes its dates by itself when `dates.autoPublish` (decision 057); with
   * `dates.publishNow` the dates made now are published too, of each series that still publishes
   * itself (its creator may have switched it to asking) — the calendar's events were public there
   * (decision 070).
   */
  async function write(
    row: CommunityImportRow,
    items: ImportedItem[],
    at: Date,
    dates: { autoPublish: boolean; publishNow: boolean },
    report: (counts: Counts) => Promise<void>,
  ): Promise<{ counts: Counts; problems: ImportError[] }> {
    const o = { communityId: row.communityId, creatorId: row.createdBy ?? '', now: at };
    const problems: ImportError[] = [];
    const refused = (item: ImportedItem) =>
      problems.push({
        line: item.line,
        uid: item.uid.split('|')[0] ?? null,
        title: item.title,
        message: `Line ${item.line}: ${CLUB_IO_MSG.eventNotSaved}`,
      });
    // The last of several VEVENTs with one UID wins (a feed that repeats itself).
    const singles = new Map<string, ImportedEvent>();
    const series = new Map<string, Extract<ImportedItem, { kind: 'series' }>>();
    // Changed occurrences of the file's series (the reader applies the others itself).
    const overrides: Extract<ImportedItem, { kind: 'override' }>[] = [];
    for (const item of items) {
      if (item.kind === 'event') singles.set(item.uid, item);
      else if (item.kind === 'series') series.set(item.uid, item);
      else overrides.push(item);
    }
    const done = await repo.upsertEvents(db, o, [...singles.values()], report, refused);
    const seriesIds = new Map<string, string>();
    const pace = pacer(IMPORT_PACE);
    for (const s of series.values()) {
      await pace();
      try {
        const { id, outcome } = await repo.upsertSeries(db, o, s, dates.autoPublish);
        seriesIds.set(s.uid, id);
        done[outcome === 'unchanged' ? 'unchanged' : outcome] += 1;
      } catch {
        refused(s);
      }
    }
    if (seriesIds.size > 0) {
      // The rolling horizon (decision 023) makes the new series' occurrences, as drafts; published
      // before an EXDATE cancels one, so a public series shows its skipped date as called off.
      await extendSeries(db, at);
      if (dates.publishNow)
        await repo.publishSeriesDrafts(
          db,
          [...series.values()].filter((s) => !s.draft).flatMap((s) => seriesIds.get(s.uid) ?? []),
        );
      for (const s of series.values()) {
        const id = seriesIds.get(s.uid);
        if (!id) continue;
        await pace();
        await repo.cancelOccurrences(db, id, s.excluded, at);
      }
      for (const over of overrides) {
        const id = seriesIds.get(over.uid);
        if (!id) continue;
        await pace();
        try {
          await repo.applyOverride(db, id, over.at, {
            ...over,
            uid: `${over.uid}|${over.at.toISOString()}`,
            now: at,
          });
        } catch {
          refused(over);
        }
      }
    }
    await report(done);
    return { counts: done, problems };
  }

  /** Runs one import (the job): fetches or reads, parses, writes; never throws for a bad feed. */
  async function run(importId: string, dates?: ImportDates): Promise<void> {
    const row = await repo.findImport(db, importId);
    if (!row) return;
    // Still running when a job starts: the attempt before this one never finished (its process
    // died or was stopped mid-way; a job expired). It is not tried again (decision 061): a file
    // that stopped a server would stop it again.
    if (row.state === 'running') {
      await repo.updateImport(db, row.id, {
        state: 'failed',
        errors: [{ line: null, uid: null, message: CLUB_IO_MSG.importInterrupted }],
        content: null,
        finishedAt: now(),
      });
      return;
    }
    try {
      await runOnce(row, dates);
    } catch (err) {
      // Anything else that failed (the database) may be retried by the queue: queued again, so
      // that the retry runs it rather than taking it for an interrupted attempt.
      await repo.updateImport(db, row.id, { state: 'queued' });
      throw err;
    }
  }

  async function runOnce(row: CommunityImportRow, chosen?: ImportDates): Promise<void> {
    const started = now();
    await repo.updateImport(db, row.id, {
      state: 'running',
      total: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      errors: [],
      finishedAt: null,
    });
    const fail = (message: string) =>
      repo.updateImport(db, row.id, {
        state: 'failed',
        errors: [{ line: null, uid: null, message }],
        content: null,
        finishedAt: now(),
      });
    // Events are created as the person who started the import: they must still run the community
    // (a subscribed feed stops writing when its organiser leaves or is demoted).
    if (!row.createdBy || !(await deps.communities.isOrganizer(row.communityId, row.createdBy))) {
      await fail(CLUB_IO_MSG.importerGone);
      await repo.updateImport(db, row.id, { subscribed: false });
      return;
    }
    let text: string;
    try {
      text = row.content ?? (await fetchFeed(row.url ?? '', { allowPrivate: deps.allowPrivate }));
    } catch (err) {
      await fail(err instanceof FeedError ? err.message : CLUB_IO_MSG.fetchFailed);
      return;
    }
    // Parsed and expanded in a child process with a deadline (decision 061): a file that makes
    // ical.js loop costs that process, never this event loop, and the import ends as failed.
    let parsed: ParsedCalendar;
    try {
      const answer = await runInChild<IcsTask, IcsAnswer>(
        import.meta.url,
        'ics-worker',
        { text, now: started },
        { deadlineMs: importDeadlineMs, maxOldSpaceMb: 512 },
      );
      if (!answer.ok) {
        // Only a text that is no calendar at all fails as a whole; a broken event is one error.
        await fail(CLUB_IO_MSG.notCalendar);
        return;
      }
      parsed = answer.parsed;
    } catch (err) {
      await fail(
        err instanceof ChildDeadlineError ? CLUB_IO_MSG.importTooSlow : CLUB_IO_MSG.importUnreadable,
      );
      return;
    }
    // The event form's publish rule: an account that may not publish yet imports drafts.
    const importer = await findUserById(db, row.createdBy);
    const asDrafts = !importer || !mayPublish(importer);
    const items = asDrafts ? parsed.items.map((item) => ({ ...item, draft: true })) : parsed.items;
    const notes = asDrafts ? [{ line: null, uid: null, message: CLUB_IO_MSG.importedAsDrafts }] : [];
    const errors = [...notes, ...parsed.errors].slice(0, CLUB_IO_LIMITS.errorsKept);
    await repo.updateImport(db, row.id, { total: parsed.total, errors });
    // The organiser's choice; a feed re-read by the daily job (which carries none) keeps the one
    // the community's imported series show (decision 070).
    const dates = chosen ?? ((await repo.importedSeriesAsk(db, row.communityId)) ? 'ask' : 'publish');
    const choice = { autoPublish: dates === 'publish', publishNow: dates === 'publish' && !asDrafts };
    const { counts: done, problems } = await write(row, items, started, choice, async (c) => {
      await repo.updateImport(db, row.id, { created: c.created, updated: c.updated, skipped: c.unchanged });
    });
    await repo.updateImport(db, row.id, {
      state: 'done',
      created: done.created,
      updated: done.updated,
      skipped: done.unchanged + parsed.errors.length + problems.length,
      errors: [...errors, ...problems].slice(0, CLUB_IO_LIMITS.errorsKept),
      content: null,
      finishedAt: now(),
    });
  }

  async function sendInvitationMail(data: { invitationId: string }): Promise<void> {
    const invitation = await repo.findInvitation(db, data.invitationId);
    if (!invitation || invitation.acceptedAt || expired(invitation)) return;
    // An address that refused e-mail or invitations after the list was sent gets nothing.
    if ((await repo.suppressedEmails(db, [invitation.email])).size > 0) return;
    const token = storedInviteToken(invitation);
    if (!token) return;
    const community = await deps.communities.getById(invitation.communityId, invitation.invitedBy ?? '');
    const link = `${deps.publicUrl}/c/${community.slug}?invite=${encodeURIComponent(token)}`;
    const locale = await repo.invitationLocale(db, invitation);
    await deps.mailer.send(
      communityInvitationMail({
        to: invitation.email,
        name: invitation.name,
        community: community.name,
        link,
        neverUrl: neverInviteUrl(invitation.email),
        locale,
      }),
    );
  }

  async function makeExport(exportId: string): Promise<void> {
    const row = await repo.findExport(db, exportId);
    if (!row || row.state === 'done') return;
    await repo.updateExport(db, exportId, { state: 'running' });
    const community = await repo.findCommunity(db, row.communityId);
    if (!community) return;
    const file = await buildCommunityZip(db, community, { publicUrl: deps.publicUrl, now: now() });
    await repo.updateExport(db, exportId, { state: 'done', file, finishedAt: now() });
  }

  return {
    run,

    async start(): Promise<void> {
      await jobs.work<{ importId: string; dates?: ImportDates }>(IMPORT_QUEUE, (data) =>
        run(data.importId, data.dates),
      );
      await jobs.work<{ invitationId: string }>(INVITE_MAIL_QUEUE, sendInvitationMail);
      await jobs.work<{ exportId: string }>(EXPORT_QUEUE, (data) => makeExport(data.exportId));
      // Subscribed feeds are read again once a day, each as its own import job.
      await jobs.work(FEEDS_QUEUE, async () => {
        const day = now().toISOString().slice(0, 10);
        const ids = await repo.subscribedImportIds(db);
        await jobs.sendMany(
          IMPORT_QUEUE,
          ids.map((importId) => ({ data: { importId }, key: `${importId}:${day}` })),
        );
      });
      await jobs.schedule(FEEDS_QUEUE, '41 3 * * *');
    },

    /** Starts an import from a feed address or an uploaded file (202: it runs on the queue). */
    async startImport(
      me: UserRow,
      slug: string,
      source: ({ url: string; subscribe?: boolean } | { fileName: string; content: string }) & {
        dates?: ImportDates;
      },
    ): Promise<CommunityImport> {
      const community = await deps.communities.organizedBy(slug, me.id);
      if ('url' in source) {
        const problem = urlProblem(source.url.replace(/^webcal:/i, 'https:'), deps.allowPrivate);
        if (problem) throw badRequest(problem);
      } else if (!/BEGIN:VCALENDAR/i.test(source.content.slice(0, 4096)))
        throw badRequest(CLUB_IO_MSG.notCalendar);
      await spend(`club-import:${me.id}`, CLUB_IO_LIMITS.importsPerHour, CLUB_IO_MSG.tooManyImports);
      const row = await repo.insertImport(db, {
        communityId: community.id,
        createdBy: me.id,
        ...('url' in source
          ? { url: source.url, subscribed: source.subscribe ?? false }
          : { fileName: source.fileName.slice(0, 200), content: source.content.replaceAll('\u0000', '') }),
      });
      await jobs.send(
        IMPORT_QUEUE,
        { importId: row.id, dates: source.dates ?? 'publish' },
        { key: `${row.id}:first` },
      );
      return presentImport(row);
    },

    async getImport(me: UserRow, id: string): Promise<CommunityImport> {
      const row = await ownImport(me, id);
      return presentImport(row);
    },

    async listImports(me: UserRow, slug: string): Promise<CommunityImport[]> {
      const community = await deps.communities.organizedBy(slug, me.id);
      return (await repo.importsOf(db, community.id)).map(presentImport);
    },

    /** Keeps a feed subscribed (re-read daily) or stops it. */
    async setSubscribed(me: UserRow, id: string, subscribed: boolean): Promise<CommunityImport> {
      const row = await ownImport(me, id);
      if (subscribed && !row.url) throw badRequest(CLUB_IO_MSG.subscribeNeedsUrl);
      return presentImport((await repo.updateImport(db, row.id, { subscribed })) ?? row);
    },

    /**
     * What sending the list would do, sending nothing (decision 076): the same reading and the
     * same checks as `inviteMembers`, at this moment (a list sent later may find more invited).
     */
    async previewMembers(me: UserRow, slug: string, csv: string): Promise<MemberImportPreview> {
      const { community, rows, columns } = await memberList(me, slug, csv);
      await spend(
        `club-members-preview:${me.id}`,
        CLUB_IO_LIMITS.memberPreviewsPerHour,
        CLUB_IO_MSG.tooManyMemberImports,
      );
      const plan = await planInvitations(db, me, community, rows, await peopleOf(me, community, rows));
      return {
        rows: rows.length,
        toInvite: plan.toInvite.length,
        alreadyMembers: plan.held['already a member'],
        withoutAddress: plan.held['no address'] + plan.held.invalid,
        columns,
        invite: plan.toInvite.map((r) => ({ line: r.line, name: r.name, email: r.email })),
        skipped: plan.skipped,
        held: plan.held,
      };
    },

    /**
     * Invites the people of a member list (decision 076 reads it): each new address gets an
     * invitation e-mail through the queue, spaced to `invitesPerMinute`; nobody becomes a member
     * until they follow it. Only a verified organiser sends lists, and what passes a ceiling (a
     * community's day, an address's week) or a suppression is held back and counted in the
     * report (decision 063).
     */
    async inviteMembers(me: UserRow, slug: string, csv: string): Promise<MemberImportReport> {
      const { community, rows } = await memberList(me, slug, csv);
      await spend(
        `club-members:${me.id}`,
        CLUB_IO_LIMITS.memberImportsPerHour,
        CLUB_IO_MSG.tooManyMemberImports,
      );
      const people = await peopleOf(me, community, rows);
      const at = now();
      const { report, inserted } = await db.transaction(async (tx) => {
        await repo.lockCommunity(tx, community.id);
        const { toInvite, skipped } = await planInvitations(tx, me, community, rows, people);
        const report: MemberImportReport = { sent: [], skipped, held: emptyHeld() };
        const inserted = await repo.insertInvitations(
          tx,
          toInvite.map((r) => ({
            communityId: community.id,
            email: r.email,
            // The greeting: the CSV's words, cut short (the mail escapes them; decision 063). A
            // line without a name is greeted without one, not by its address ("Hi info,").
            name: r.name.slice(0, CLUB_IO_LIMITS.inviteNameMax),
            invitedBy: me.id,
            // Replaced below by the hash of the token derived from the row's id.
            tokenHash: `pending:${r.email}:${community.id}`,
          })),
        );
        for (const i of inserted) await repo.setInvitationHash(tx, i.id, sha256(inviteToken(i.id)));
        const insertedEmails = new Set(inserted.map((i) => i.email));
        for (const r of toInvite) {
          if (insertedEmails.has(r.email)) report.sent.push({ line: r.line, name: r.name, email: r.email });
          else report.skipped.push({ line: r.line, name: r.name, email: r.email, reason: 'already invited' });
        }
        report.skipped.sort((x, y) => x.line - y.line);
        for (const s of report.skipped) report.held[s.reason] += 1;
        return { report, inserted };
      });
      const start = at.getTime();
      await jobs.sendMany(
        INVITE_MAIL_QUEUE,
        inserted.map((i, n) => ({
          data: { invitationId: i.id },
          key: i.id,
          startAfter: new Date(start + Math.floor(n / CLUB_IO_LIMITS.invitesPerMinute) * 60_000),
        })),
      );
      return report;
    },

    /**
     * Follows an invitation link: the signed-in person joins the community, once, if the
     * invitation was sent to their own verified address and is less than 14 days old (decision 063).
     */
    async acceptInvitation(me: UserRow, token: string): Promise<Community> {
      const invitation = await repo.invitationByHash(db, sha256(token));
      if (!invitation) throw badRequest(CLUB_IO_MSG.tokenInvalid);
      if (invitation.acceptedAt) throw gone(INVITATION_MSG.used);
      if (expired(invitation)) throw gone(INVITATION_MSG.expired);
      if (me.email.toLowerCase() !== invitation.email.toLowerCase())
        throw forbidden(INVITATION_MSG.wrongAccount);
      if (!me.emailVerifiedAt) throw forbidden(INVITATION_MSG.verifyToAccept);
      // Claimed before the join, so of parallel redemptions exactly one joins; a refused join
      // (a ban) gives the claim back.
      if (!(await repo.markAccepted(db, invitation.id, me.id))) throw gone(INVITATION_MSG.used);
      try {
        await deps.communities.joinByInvitation(me, invitation.communityId);
      } catch (error) {
        await repo.unmarkAccepted(db, invitation.id, me.id);
        throw error;
      }
      return deps.communities.getById(invitation.communityId, me.id);
    },

    /** "Never invite me again" (the invitation's one-click link): the address gets no invitations. */
    async neverInvite(token: string): Promise<void> {
      const email = readAddressToken(deps.links, NEVER_INVITE_PURPOSE, token);
      if (!email) throw badRequest(INVITATION_MSG.neverLinkInvalid);
      await repo.suppressInvitations(db, email);
    },

    /** Whether a "never invite me again" token is genuine (the page a browser opens). */
    neverInviteValid: (token: string) =>
      readAddressToken(deps.links, NEVER_INVITE_PURPOSE, token) !== undefined,

    /**
     * The owner's export: the zip at once for a community of up to `exportInlineMaxEvents`
     * events, otherwise a job (202 with the export to poll).
     */
    async exportCommunity(
      me: UserRow,
      slug: string,
    ): Promise<{ kind: 'file'; name: string; file: Buffer } | { kind: 'job'; export: CommunityExport }> {
      const community = await deps.communities.ownedBy(slug, me.id);
      const count = await repo.countEventsOf(db, community.id);
      if (count <= CLUB_IO_LIMITS.exportInlineMaxEvents)
        return {
          kind: 'file',
          name: `${community.slug}.zip`,
          file: await buildCommunityZip(db, community, { publicUrl: deps.publicUrl, now: now() }),
        };
      const row = await repo.insertExport(db, { communityId: community.id, requestedBy: me.id });
      await jobs.send(EXPORT_QUEUE, { exportId: row.id }, { key: row.id });
      return { kind: 'job', export: presentExport(row) };
    },

    async getExport(me: UserRow, id: string): Promise<CommunityExport> {
      return presentExport(await ownExport(me, id));
    },

    async exportFile(me: UserRow, id: string): Promise<{ name: string; file: Buffer }> {
      const row = await ownExport(me, id);
      const file = row.state === 'done' ? await repo.exportFile(db, id) : undefined;
      if (!file) throw badRequest(CLUB_IO_MSG.exportNotReady);
      const community = await repo.findCommunity(db, row.communityId);
      return { name: `${community?.slug ?? 'community'}.zip`, file };
    },
  };

  /** The export, to the community's owner only. */
  async function ownExport(me: UserRow, id: string) {
    const row = isUuid(id) ? await repo.findExport(db, id) : undefined;
    if (!row) throw notFound(CLUB_IO_MSG.exportNotFound);
    const community = await repo.findCommunity(db, row.communityId);
    if (!community) throw notFound(CLUB_IO_MSG.exportNotFound);
    await deps.communities.ownedBy(community.slug, me.id).catch(() => {
      throw forbidden(CLUB_IO_MSG.exportNotFound);
    });
    return row;
  }
}
