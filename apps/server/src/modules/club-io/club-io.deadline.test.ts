import type { CommunityImport } from '@townsquare/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobIdFor } from '../../platform/jobs.ts';
import { eventually } from '../../test/eventually.ts';
import { requestAs, unique, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { IMPORT_QUEUE } from './club-io.service.ts';

// A deadline no reading process meets (starting one takes longer): every import here is stopped.
const t = useTestApp({ env: { IMPORT_DEADLINE_MS: '300' } });
const inject = requestAs(t);
const [owner] = useUsers(t, 1, { verified: true });

/** Very many VEVENTs, each with an hourly rule: just under the 5 MB a file may have. */
function flood(): string {
  const event = (n: number) =>
    [
      'BEGIN:VEVENT',
      `UID:flood-${n}@example.com`,
      'DTSTART:20251201T100000Z',
      'RRULE:FREQ=HOURLY;BYDAY=MO,WE;BYHOUR=9,10,11',
      `SUMMARY:Flood ${n}`,
      `DESCRIPTION:${'x'.repeat(120)}`,
      'END:VEVENT',
    ].join('\r\n');
  const events: string[] = [];
  for (let n = 0, size = 0; size < 4.5 * 1024 * 1024; n++) {
    const text = event(n);
    events.push(text);
    size += text.length + 2;
  }
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events.join('\r\n')}\r\nEND:VCALENDAR`;
}

describe('the import deadline', () => {
  it('a reading process past IMPORT_DEADLINE_MS is killed: the import fails with the reason, its job is not retried, the API answers', async () => {
    const club = (await inject('POST', '/api/communities', owner, { name: unique('Club ') })).json()
      .community;
    const boundary = `----ts${Date.now()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/communities/${club.slug}/imports`,
      headers: { ...owner.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="flood.ics"\r\nContent-Type: text/calendar\r\n\r\n${flood()}\r\n--${boundary}--\r\n`,
      ),
    });
    expect(res.statusCode).toBe(202);
    const id = res.json().import.id as string;
    // Someone else's request while the file is read.
    expect((await inject('GET', '/api/health', owner)).statusCode).toBe(200);
    const done = await eventually(async () => {
      const row = (await inject('GET', `/api/imports/${id}`, owner)).json().import as CommunityImport;
      if (row.state !== 'done' && row.state !== 'failed') throw new Error(`import still ${row.state}`);
      return row;
    }, 90_000);
    expect(done).toMatchObject({
      state: 'failed',
      created: 0,
      errors: [
        {
          line: null,
          uid: null,
          message: 'Reading the calendar took too long and was stopped; nothing was imported',
        },
      ],
    });
    // The job itself ended (completed, not failed into a retry of the same hang).
    const job = await eventually(async () => {
      const rows = await t.db.execute<{ state: string }>(
        sql`select state from pgboss.job where id = ${jobIdFor(IMPORT_QUEUE, `${id}:first`)}`,
      );
      if (rows.rows[0]?.state !== 'completed') throw new Error(`job ${rows.rows[0]?.state}`);
      return rows.rows[0];
    }, 30_000);
    expect(job.state).toBe('completed');
    const events = await t.db.execute(sql`select 1 from events where community_id = ${club.id}`);
    expect(events.rows).toHaveLength(0);
  }, 180_000);
});
