import autocannon from 'autocannon';
import { api, type RunningServer } from '../apps/server/src/test/servers.ts';

/**
 * `npm run bench -- import`: a 5,000-event ICS file (4,950 single events and 50 weekly
 * series) imported into a community on the job queue, bar ≤ 60 s; meanwhile another user reads
 * `GET /api/events`, whose p99 must stay ≤ 2 × its p99 measured idle just before (same run).
 */

const EVENTS = 5000;
const SERIES = 50;
const CONNECTIONS = 10;

type Auth = { accessToken: string; user: { id: string } };

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A calendar as Google writes one: zone-named times, folded lines not needed, CRLF. */
export function bigCalendar(events = EVENTS, series = SERIES): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bench//Import//EN',
    'X-WR-TIMEZONE:Europe/Berlin',
  ];
  const base = Date.UTC(2027, 0, 1, 17);
  for (let i = 0; i < events; i++) {
    const start = new Date(base + i * 3_600_000 * 7);
    lines.push(
      'BEGIN:VEVENT',
      `UID:bench-${i}@import.example`,
      `DTSTAMP:${stamp(new Date(base))}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 5_400_000))}`,
      `SUMMARY:Imported event ${i}`,
      `DESCRIPTION:Event number ${i} of the benchmark\\, with a comma and a\\nline break.`,
      `LOCATION:Hall ${i % 40}`,
      'CATEGORIES:Bench,Import',
      ...(i < series ? ['RRULE:FREQ=WEEKLY'] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

function loadUntil(url: string, token: string, done: Promise<unknown> | undefined, seconds: number) {
  return new Promise<{ p99: number; requests: number; errors: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          p99: result.latency.p99,
          requests: result.requests.total,
          errors: result.errors + result.non2xx,
        });
      },
    );
    void done?.then(() => instance.stop());
  });
}

type ImportBench = {
  app: RunningServer;
  organiser: Auth;
  reader: Auth;
  report: (line: string) => void;
};

/** A new community of the organiser's, named `name` and the time: its slug. */
async function benchCommunity({ app, organiser }: ImportBench, name: string): Promise<string> {
  const made = await api<{ community: { slug: string } }>(
    app.url,
    'POST',
    '/api/communities',
    { name: `${name} ${Date.now()}` },
    organiser.accessToken,
  );
  if (made.status !== 201) throw new Error(`community: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.community.slug;
}

/** Uploads `ics` as `file` into the community's imports, as the organiser: the import's id. */
async function uploadImport({ app, organiser }: ImportBench, slug: string, file: string, ics: string) {
  const form = new FormData();
  form.append('file', new Blob([ics], { type: 'text/calendar' }), file);
  const res = await fetch(`${app.url}/api/communities/${slug}/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${organiser.accessToken}` },
    body: form,
  });
  if (res.status !== 202) throw new Error(`${file}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { import: { id: string } }).import.id;
}

/** The import, read every `everyMs` until done or failed; `undefined` once past `deadline`. */
async function importEnded<State extends { state: string }>(
  { app, organiser }: ImportBench,
  id: string,
  everyMs: number,
  deadline: number,
): Promise<State | undefined> {
  for (;;) {
    await new Promise((r) => setTimeout(r, everyMs));
    const state = await api<{ import: State }>(
      app.url,
      'GET',
      `/api/imports/${id}`,
      undefined,
      organiser.accessToken,
    );
    const row = state.body.import;
    if (row.state === 'done' || row.state === 'failed') return row;
    if (Date.now() > deadline) return undefined;
  }
}

export async function benchImport(o: ImportBench) {
  const { app, reader, report } = o;
  const slug = await benchCommunity(o, 'Import bench');
  const ics = bigCalendar();
  const readUrl = `${app.url}/api/events?limit=20`;

  const idle = await loadUntil(readUrl, reader.accessToken, undefined, 5);
  report(`import: GET /api/events idle, ${CONNECTIONS} connections: p99 ${idle.p99} ms (baseline)`);

  const began = Date.now();
  const id = await uploadImport(o, slug, 'bench.ics', ics);
  type State = {
    state: string;
    total: number;
    created: number;
    updated: number;
    skipped: number;
    errors: unknown[];
  };
  const finished = importEnded<State>(o, id, 250, began + 180_000).then((row) => {
    if (!row) throw new Error('import did not finish in 3 minutes');
    return row;
  });
  const busy = await loadUntil(readUrl, reader.accessToken, finished, 180);
  const result = await finished;
  const seconds = (Date.now() - began) / 1000;
  report(
    `import: ${EVENTS}-event ICS file (${(ics.length / 1024 / 1024).toFixed(1)} MB, ${SERIES} weekly series): ${result.state} in ${seconds.toFixed(1)} s, ${result.created} created, ${result.errors.length} errors (bar ≤ 60 s: ${seconds <= 60 && result.state === 'done' ? 'met' : 'NOT MET'})`,
  );
  const ratio = busy.p99 / Math.max(idle.p99, 1);
  report(
    `import: GET /api/events during the import: p99 ${busy.p99} ms over ${busy.requests} requests, ${busy.errors} errors = ${ratio.toFixed(2)} × idle (bar ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT MET'})`,
  );
}

/**
 * The hostile-file flood (decision 061): files of the families an outside tester found, uploaded
 * at once: a rule that can never occur, a SECONDLY rule from a year ago, thousands of VTIMEZONEs,
 * ten thousand VEVENTs with hourly rules. The bar: another user's `GET /api/events` p99 stays
 * ≤ 2 × its idle p99, and every import ends (done or failed) with a report.
 */
export function hostileCalendars(): Record<string, string> {
  const wrap = (body: string[]) =>
    `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${body.join('\r\n')}\r\nEND:VCALENDAR\r\n`;
  const event = (uid: string, rule: string, start = '20251201T100000Z') =>
    `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART:${start}\r\n${rule ? `RRULE:${rule}\r\n` : ''}SUMMARY:${uid}\r\nEND:VEVENT`;
  const zone = (n: number) =>
    `BEGIN:VTIMEZONE\r\nTZID:Zone ${n}\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE`;
  return {
    never: wrap([event('never', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30')]),
    secondly: wrap(Array.from({ length: 50 }, (_, i) => event(`s-${i}`, 'FREQ=SECONDLY'))),
    zones: wrap([
      ...Array.from({ length: 10_000 }, (_, i) => zone(i)),
      ...Array.from(
        { length: 200 },
        (_, i) =>
          `BEGIN:VEVENT\r\nUID:z-${i}\r\nDTSTART;TZID=Zone 1:20270101T100000\r\nSUMMARY:z\r\nEND:VEVENT`,
      ),
    ]),
    many: wrap(Array.from({ length: 12_000 }, (_, i) => event(`m-${i}`, 'FREQ=HOURLY;BYDAY=MO;BYHOUR=9,10'))),
  };
}

export async function benchHostileImports(o: ImportBench) {
  const { app, reader, report } = o;
  const slug = await benchCommunity(o, 'Hostile import bench');
  const readUrl = `${app.url}/api/events?limit=20`;
  const idle = await loadUntil(readUrl, reader.accessToken, undefined, 5);
  report(`hostile imports: GET /api/events idle: p99 ${idle.p99} ms (baseline)`);
  const files = hostileCalendars();
  const began = Date.now();
  const ids = await Promise.all(
    Object.entries(files).map(
      async ([name, ics]) => [name, await uploadImport(o, slug, `${name}.ics`, ics)] as const,
    ),
  );
  type State = { state: string; errors: { message: string }[] };
  const finished = Promise.all(
    ids.map(
      async ([name, id]) =>
        [
          name,
          (await importEnded<State>(o, id, 500, began + 300_000)) ?? { state: 'unfinished', errors: [] },
        ] as const,
    ),
  );
  const busy = await loadUntil(readUrl, reader.accessToken, finished, 300);
  const results = await finished;
  for (const [name, row] of results)
    report(
      `hostile imports: ${name}.ics: ${row.state}${row.errors[0] ? ` (${row.errors[0].message.slice(0, 100)})` : ''}`,
    );
  const allEnded = results.every(([, row]) => row.state === 'done' || row.state === 'failed');
  const ratio = busy.p99 / Math.max(idle.p99, 1);
  report(
    `hostile imports: every import ended with a report: ${allEnded ? 'met' : 'NOT MET'}; GET /api/events meanwhile p99 ${busy.p99} ms over ${busy.requests} requests, ${busy.errors} errors = ${ratio.toFixed(2)} × idle (bar ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT MET'})`,
  );
}
