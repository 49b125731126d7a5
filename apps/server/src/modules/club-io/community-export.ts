import yazl from 'yazl';
import type { Database } from '../../db/client.ts';
import type { CommunityRow } from '../../db/schema/index.ts';
import { sheetTime } from '../../platform/dates.ts';
import { writeCalendar } from '../../platform/ics-writer.ts';
import { membersForExport } from '../access/groups.ts';
import { csvCell } from '../events/attendees-csv.ts';
import * as repo from './club-io.repository.ts';

/**
 * The whole community as a zip (decision 041): `community.json` (its settings and join
 * questions), `members.csv` (e-mail only of members who agreed to share it; when each joined in
 * the community's zone, as a spreadsheet reads it), `events.ics` (every
 * event, written by the one calendar writer: UID `<event id>@<host>`, the same in every export)
 * and `events.json` (each event with its RSVP counts and series, and the series themselves).
 */
export async function buildCommunityZip(
  db: Database,
  community: CommunityRow,
  o: { publicUrl: string; now: Date },
): Promise<Buffer> {
  const [people, rows, series, counts] = await Promise.all([
    membersForExport(db, community.id),
    repo.eventsOf(db, community.id),
    repo.seriesOf(db, community.id),
    repo.rsvpCountsOf(db, community.id),
  ]);
  const host = new URL(o.publicUrl).host;
  // Times a person reads in the CSV are the community's wall clock, named ("2026-12-04 18:30 CET"):
  // its place's zone, else the zone of its latest event, else UTC.
  const zone = (await repo.placeZoneOf(db, community.placeId)) ?? rows.at(-1)?.timeZone ?? 'UTC';
  const communityJson = {
    format: 'townsquare-community-export',
    version: 1,
    exportedAt: o.now.toISOString(),
    community: {
      id: community.id,
      slug: community.slug,
      name: community.name,
      description: community.description,
      location: community.location,
      tags: community.tags,
      visibility: community.visibility,
      joinPolicy: community.joinPolicy,
      joinQuestions: community.joinQuestions,
      imageUrl: community.imageUrl,
      createdAt: community.createdAt.toISOString(),
      url: `${o.publicUrl}/c/${community.slug}`,
    },
  };
  const membersCsv = [
    'name,username,role,joined,email',
    ...people.map((p) =>
      [p.name, p.username ?? '', p.role, sheetTime(p.joined, zone), p.email ?? ''].map(csvCell).join(','),
    ),
  ].join('\r\n');
  const eventsJson = {
    events: rows.map((e) => {
      const c = counts.get(e.id) ?? {};
      return {
        id: e.id,
        uid: `${e.id}@${host}`,
        title: e.title,
        description: e.description,
        location: e.location,
        start: e.startDate.toISOString(),
        end: e.endDate.toISOString(),
        timeZone: e.timeZone,
        status: e.status,
        cancelled: e.cancelledAt !== null,
        visibility: e.visibility,
        tags: e.tags,
        capacity: e.capacity,
        questions: e.questions,
        seriesId: e.seriesId,
        seriesIndex: e.seriesIndex,
        importedUid: e.importUid,
        rsvps: {
          going: c.going ?? 0,
          maybe: c.maybe ?? 0,
          notGoing: c.not_going ?? 0,
          waitlisted: c.waitlisted ?? 0,
          offered: c.offered ?? 0,
        },
      };
    }),
    series: series.map((s) => ({
      id: s.id,
      freq: s.freq,
      interval: s.interval,
      until: s.until?.toISOString() ?? null,
      timeZone: s.timeZone,
      startLocal: s.startLocal,
      durationMinutes: s.durationMinutes,
      title: s.title,
      description: s.description,
      location: s.location,
      questions: s.questions,
    })),
  };
  const zip = new yazl.ZipFile();
  const mtime = o.now;
  zip.addBuffer(Buffer.from(`${JSON.stringify(communityJson, null, 2)}\n`), 'community.json', { mtime });
  zip.addBuffer(Buffer.from(`${membersCsv}\r\n`), 'members.csv', { mtime });
  zip.addBuffer(
    Buffer.from(writeCalendar(rows, { publicUrl: o.publicUrl, name: community.name })),
    'events.ics',
    {
      mtime,
    },
  );
  zip.addBuffer(Buffer.from(`${JSON.stringify(eventsJson, null, 2)}\n`), 'events.json', { mtime });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
