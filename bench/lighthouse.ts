/**
 * `npm run bench -- lighthouse`: Lighthouse mobile (simulated throttling, headless Chromium) on `/`,
 * `/login`, `/register`, a public `/event/:id`, a public community `/c/:slug` and the city page
 * `/near/berlin-de`, median of 3 runs each, in English and in German (a browser asking for
 * `Accept-Language: de`; `LIGHTHOUSE_LOCALES=en` for English only), against the production
 * build (`npm run build` first; this builds nothing). The server runs on a fresh database holding
 * one public event.
 *
 * With `LIGHTHOUSE_BASELINE_DIST=<a built apps/web/dist>` the same pages of that build are measured
 * in the same run, served by the same server, and each figure is printed beside its baseline.
 * `LIGHTHOUSE_DETAIL=1` prints each run's largest transfers and script time (`=all`: every
 * request); `LIGHTHOUSE_RUNS=n` runs each page n times instead of 3. Best practices are scored too
 * (bar 100), with the audits that failed named.
 * Chromium: `CHROME_PATH`, else /usr/bin/chromium. `LIGHTHOUSE_PAGES=event` (or `/,/login`, `community`,
 * `near`) measures only those pages. The event has a 1600 × 900 picture, its page's largest element: the run checks
 * that Lighthouse found it to be the LCP element (it would not be if the picture failed to load).
 * Each server's PUBLIC_URL is the 127.0.0.1 address its pages are opened at, so the stored image
 * URLs are on the page's own origin for both builds (the baseline shows the original `imageUrl`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { adminQuery, resolveTestServer } from '../apps/server/src/test/database.ts';
import { api, type RunningServer, startServer } from '../apps/server/src/test/servers.ts';
import { CHROMIUM_ARGS } from '../e2e/support/chromium.ts';
import { benchServerEnv, migratedDatabase } from './bench-db.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

type Figures = {
  performance: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  imageBytes: number;
};

/** Each figure with its bar (QUALITY.md); `undefined` where the bar is only printed, not judged. */
const bars: Record<
  keyof Figures,
  { label: string; ok?: (v: number, page: string) => boolean; show: (v: number) => string; bar: string }
> = {
  performance: { label: 'performance', ok: (v) => v >= 95, show: (v) => v.toFixed(0), bar: '≥ 95' },
  bestPractices: { label: 'best practices', ok: (v) => v >= 100, show: (v) => v.toFixed(0), bar: '100' },
  fcp: { label: 'FCP', show: (v) => `${(v / 1000).toFixed(2)} s`, bar: 'printed' },
  lcp: { label: 'LCP', ok: (v) => v <= 2000, show: (v) => `${(v / 1000).toFixed(2)} s`, bar: '≤ 2.0 s' },
  tbt: { label: 'TBT', show: (v) => `${v.toFixed(0)} ms`, bar: 'printed' },
  cls: { label: 'CLS', ok: (v) => v <= 0.05, show: (v) => v.toFixed(3), bar: '≤ 0.05' },
  bytes: {
    label: 'transferred',
    ok: (v, page) => page !== '/' || v <= 150 * 1024,
    show: (v) => `${(v / 1024).toFixed(0)} KiB`,
    bar: '≤ 150 KiB for /',
  },
  imageBytes: { label: 'images', show: (v) => `${(v / 1024).toFixed(0)} KiB`, bar: 'printed' },
};

type Details = { type?: string; items?: unknown[]; snippet?: string; nodeLabel?: string };

/** The first DOM node a Lighthouse audit's details name (a `node` item, possibly in a list). */
function firstNode(details: Details | undefined): Details | undefined {
  if (!details) return undefined;
  if (details.type === 'node') return details;
  for (const item of details.items ?? []) {
    const found = firstNode(item as Details); // audit details are nested plain objects
    if (found) return found;
  }
  return undefined;
}

/** The 1-minute load average, printed with the figures (a busy machine lowers every score). */
const loadAverage = () => os.loadavg()[0]?.toFixed(2) ?? '?';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Headless Chromium with a DevTools port chosen by the system. */
async function launchChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'townsquare-lighthouse-'));
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${err.slice(-500)}`)));
  });
  return { port, child, profile };
}

/**
 * One Lighthouse run; a run whose trace Lighthouse itself could not record (NO_NAVSTART and the
 * like, "Please run Lighthouse again": it happens on a loaded machine) is run again, twice at most.
 */
type Measured = { figures: Figures; lcpElement: string; bestPracticesFailed: string[] };

async function measure(url: string, locale: string): Promise<Measured> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(url, locale);
    } catch (error) {
      if (attempt >= 3 || !/run Lighthouse again/.test(String(error))) throw error;
    }
  }
}

/** One Lighthouse run in a Chromium of its own (a fresh profile: nothing cached). */
async function measureOnce(url: string, locale: string): Promise<Measured> {
  const chromium = await launchChromium();
  const result = await lighthouse(url, {
    port: chromium.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'best-practices'],
    // The language a browser asks for: the server answers the page (and its head) in it.
    extraHeaders: { 'Accept-Language': locale },
  }).finally(async () => {
    const exited = new Promise((resolve) => chromium.child.once('exit', resolve));
    chromium.child.kill();
    await exited;
    await rm(chromium.profile, { recursive: true, force: true, maxRetries: 3 });
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // Lighthouse 13 names the LCP element in its LCP breakdown; older ones in an audit of its own.
  const node =
    firstNode(lhr.audits['lcp-breakdown-insight']?.details as Details | undefined) ??
    firstNode(lhr.audits['largest-contentful-paint-element']?.details as Details | undefined);
  const requests =
    (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? [];
  const imageBytes = (requests as { resourceType?: string; transferSize?: number }[])
    .filter((r) => r.resourceType === 'Image')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  if (process.env.LIGHTHOUSE_DETAIL) printDetail(url, locale, lhr.audits);
  // The best-practices audits that count and did not pass: what keeps that score under 100.
  const bestPracticesFailed = (lhr.categories['best-practices']?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      // What each failed on (an issue's type, a console message's source), shortened.
      const items =
        (lhr.audits[ref.id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
      const what = items
        .map((i) =>
          JSON.stringify([i.issueType ?? i.description ?? i.source ?? '', i.subItems ?? '']).slice(0, 300),
        )
        .join('; ');
      return what ? `${ref.id} (${what})` : ref.id;
    });
  return {
    bestPracticesFailed,
    figures: {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      bytes: value('total-byte-weight'),
      imageBytes,
    },
    lcpElement: node?.snippet ?? node?.nodeLabel ?? '(none)',
  };
}

type Audits = Record<string, { numericValue?: number; details?: unknown } | undefined>;

/**
 * With `LIGHTHOUSE_DETAIL=1`: what a run spent, for finding where a figure comes from (each run's
 * ten largest transfers, and the scripts' main-thread time as Lighthouse's boot-up audit counts it).
 */
function printDetail(url: string, locale: string, audits: Audits) {
  const items = (id: string) =>
    (audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const requests = items('network-requests') as {
    url: string;
    transferSize?: number;
    resourceType?: string;
  }[];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const short = (u: string) => u.replace(/^https?:\/\/[^/]+/, '');
  process.stdout.write(`  detail ${url} (${locale}): ${requests.length} requests\n`);
  for (const r of [...requests]
    .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
    .slice(0, process.env.LIGHTHOUSE_DETAIL === 'all' ? undefined : 10))
    process.stdout.write(
      `    ${kb(r.transferSize ?? 0).padStart(10)}  ${r.resourceType ?? '?'}  ${short(r.url)}\n`,
    );
  const boot = items('bootup-time') as {
    url: string;
    total?: number;
    scripting?: number;
    scriptParseCompile?: number;
  }[];
  for (const b of boot.slice(0, 6))
    process.stdout.write(
      `    boot-up ${String(Math.round(b.total ?? 0)).padStart(5)} ms (script ${Math.round(b.scripting ?? 0)}, parse ${Math.round(b.scriptParseCompile ?? 0)})  ${short(b.url)}\n`,
    );
  const work = items('mainthread-work-breakdown') as { groupLabel?: string; duration?: number }[];
  process.stdout.write(
    `    main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration ?? 0)} ms`).join(', ')}\n`,
  );
}

/**
 * A 1600 × 900 JPEG as a phone camera would give (noise, so it does not compress to nothing),
 * uploaded as an event picture: the event page's largest element, as on a real event.
 */
async function uploadEventImage(base: string, token: string): Promise<string> {
  const signed = await api<{ signedUrl: string; publicUrl: string }>(
    base,
    'POST',
    '/api/upload/signed-url',
    { fileName: 'banner.jpg', fileType: 'image/jpeg', folder: 'event-image' },
    token,
  );
  if (signed.status !== 201) throw new Error(`signed url failed: ${JSON.stringify(signed.body)}`);
  const { noisyPhoto } = await import('../apps/server/src/test/images.ts');
  const jpeg = await noisyPhoto(1600, 900, { sigma: 40, quality: 70 });
  const put = await fetch(new URL(signed.body.signedUrl, base), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: jpeg,
  });
  if (!put.ok) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  return signed.body.publicUrl;
}

/**
 * A user with a verified address, one public community and one public, published event it hosts; returns
 * the event's and the community's paths.
 */
export async function seedPublicEvent(
  base: string,
  url: string,
): Promise<{ eventPath: string; communityPath: string }> {
  const reg = await api<{ accessToken: string; user: { id: string } }>(base, 'POST', '/api/auth/register', {
    fullName: 'Lighthouse Host',
    email: `host-${randomBytes(4).toString('hex')}@bench.example`,
    password: 'benchmark password',
  });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('update users set email_verified_at = now() where id = $1', [reg.body.user.id]);
  await client.end();
  await api(
    base,
    'PUT',
    '/api/users/me',
    { username: `host_${randomBytes(3).toString('hex')}`, roles: ['Member'] },
    reg.body.accessToken,
  );
  const imageUrl = await uploadEventImage(base, reg.body.accessToken);
  // The event has a place: its page shows the map, which must not cost the page its scores.
  const place = await api<{ place: { id: string } }>(
    base,
    'POST',
    '/api/places',
    { name: 'Berlin', lat: 52.52437, lon: 13.41053 },
    reg.body.accessToken,
  );
  if (place.status !== 201 && place.status !== 200)
    throw new Error(`place failed: ${JSON.stringify(place.body)}`);
  // The community hosts the event, so its page shows a next event.
  const community = await api<{ community: { id: string; slug: string } }>(
    base,
    'POST',
    '/api/communities',
    {
      name: 'Market Street Repair Café',
      description: 'Neighbours who fix things together: lamps, chairs, bikes and clothes, once a month.',
      location: 'Market Street',
      tags: ['Repair', 'Sustainability'],
    },
    reg.body.accessToken,
  );
  if (community.status !== 201)
    throw new Error(`community creation failed: ${JSON.stringify(community.body)}`);
  const start = Date.now() + 7 * 86_400_000;
  const created = await api<{ event: { id: string } }>(
    base,
    'POST',
    '/api/events',
    {
      title: 'Saturday repair café',
      description: 'Bring a broken lamp, a wobbly chair or a torn jacket; volunteers help you fix it.',
      location: 'Community hall, Market Street 4',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 3_600_000).toISOString(),
      status: 'LIVE',
      visibility: 'PUBLIC',
      imageUrl,
      placeId: place.body.place.id,
      communityId: community.body.community.id,
    },
    reg.body.accessToken,
  );
  if (created.status !== 201) throw new Error(`event creation failed: ${JSON.stringify(created.body)}`);
  return {
    eventPath: `/event/${created.body.event.id}`,
    communityPath: `/c/${community.body.community.slug}`,
  };
}

export async function lighthouseScores(report: (line: string) => void): Promise<void> {
  const pgServer = await resolveTestServer();
  const name = `townsquare_bench_lh_${randomBytes(4).toString('hex')}`;
  const url = await migratedDatabase(pgServer.adminUrl, name);
  const env = await benchServerEnv(url, 'townsquare-bench-lh-');
  const builds: { label: string; dist?: string }[] = [{ label: 'this build' }];
  const baseline = process.env.LIGHTHOUSE_BASELINE_DIST;
  if (baseline) builds.unshift({ label: 'baseline', dist: path.resolve(baseline) });
  const servers: RunningServer[] = [];
  try {
    for (const build of builds) {
      // PUBLIC_URL on the address the pages are opened at: image URLs are on the page's origin.
      const port = String(await freePort());
      const own = { ...env, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` };
      servers.push(await startServer(build.dist ? { ...own, WEB_DIST_DIR: build.dist } : own));
    }
    const { eventPath, communityPath } = await seedPublicEvent(servers[0]!.url, url);
    // The city page of the event's place (Berlin, from the offline gazetteer).
    const nearPath = '/near/berlin-de';
    // LIGHTHOUSE_PAGES=event (or a comma list of /, /login, /register, event, community, near) measures only those.
    const alias = (p: string) =>
      p === 'event' ? eventPath : p === 'community' ? communityPath : p === 'near' ? nearPath : p;
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').map(alias);
    const locales = (process.env.LIGHTHOUSE_LOCALES ?? 'en,de').split(',').map((l) => l.trim());
    const pages = ['/', '/login', '/register', eventPath, communityPath, nearPath]
      .filter((p) => !only || only.includes(p))
      .flatMap((p) => locales.map((locale) => ({ path: p, locale, key: `${p} ${locale}` })));
    report(`# Lighthouse ${RUNS}× per page (mobile, simulated throttling), medians; load ${loadAverage()}`);
    const results = new Map<string, Figures>();
    const lcpElements = new Map<string, string[]>();
    const failing = new Map<string, string[]>();
    // Runs alternate between the builds, so both see the same moments of a noisy machine.
    for (const page of pages) {
      const runs: Figures[][] = builds.map(() => []);
      for (let i = 0; i < RUNS; i++) {
        for (const [b, server] of servers.entries()) {
          // localhost: PUBLIC_URL's default host, the origin of the stored image URLs.
          const { figures, lcpElement, bestPracticesFailed } = await measure(
            `${server.url.replace('127.0.0.1', 'localhost')}${page.path}`,
            page.locale,
          );
          runs[b]!.push(figures);
          const key = `${builds[b]!.label} ${page.key}`;
          lcpElements.set(key, [...(lcpElements.get(key) ?? []), lcpElement]);
          failing.set(key, [...(failing.get(key) ?? []), ...bestPracticesFailed]);
        }
      }
      for (const [b, build] of builds.entries()) {
        const all = runs[b]!;
        const med = Object.fromEntries(
          (Object.keys(bars) as (keyof Figures)[]).map((k) => [k, median(all.map((r) => r[k]))]),
        ) as Figures;
        results.set(`${build.label} ${page.key}`, med);
      }
    }
    for (const page of pages) {
      const named =
        page.path === eventPath ? '/event/:id' : page.path === communityPath ? '/c/:slug' : page.path;
      const shown = `${named} ${page.locale}`;
      for (const build of builds) {
        const f = results.get(`${build.label} ${page.key}`)!;
        const base = baseline ? results.get(`baseline ${page.key}`) : undefined;
        const parts = (Object.keys(bars) as (keyof Figures)[]).map((k) => {
          const { label, ok, show, bar } = bars[k];
          const was = base && build.label !== 'baseline' ? ` (was ${show(base[k])})` : '';
          const judged = build.label === 'baseline' || !ok ? '' : ok(f[k], page.path) ? '' : ' NOT MET';
          return `${label} ${show(f[k])}${was} [${bar}]${judged}`;
        });
        report(`${shown.padEnd(18)} ${build.label}: ${parts.join(', ')}`);
        // The event page's largest element must be its picture, or the run measured something else.
        const elements = [...new Set(lcpElements.get(`${build.label} ${page.key}`))];
        const wrong = page.path === eventPath && elements.some((e) => !e.startsWith('<img'));
        report(`${''.padEnd(18)} LCP element: ${elements.join(' | ')}${wrong ? ' NOT THE PICTURE' : ''}`);
        const failed = [...new Set(failing.get(`${build.label} ${page.key}`))];
        if (failed.length) report(`${''.padEnd(18)} best-practices audits failed: ${failed.join(', ')}`);
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await adminQuery(pgServer.adminUrl, `drop database if exists ${name} with (force)`);
    await pgServer.stop();
    await rm(env.DATA_DIR, { recursive: true, force: true });
  }
}
