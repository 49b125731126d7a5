import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEvent, createUser, eventBody, type TestUser, useUsers } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * The original event form's picture (multipart POST/PUT /api/events[/:id]) goes
 * through the one upload path (limits, checks) and nothing is stored for a request that fails.
 */

const t = useTestApp();
let png: Buffer;
const [host] = useUsers(t, 1);
let eventId: string;

beforeAll(async () => {
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#15803d' } })
    .png()
    .toBuffer();
  eventId = await createEvent(t, host);
});

/** Every file under the data directory's uploads (recursively). */
async function filesWritten(): Promise<string[]> {
  const entries = await readdir(t.dataDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && /\.(png|jpg|webp|gif)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}
const uploadRows = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from uploads`)).rows[0]?.n;

let before: { files: string[]; rows: number | undefined };
beforeEach(async () => {
  before = { files: await filesWritten(), rows: await uploadRows() };
});
async function expectNothingStored() {
  expect(await filesWritten()).toEqual(before.files);
  expect(await uploadRows()).toBe(before.rows);
}

function form(fields: Record<string, unknown>, image?: Buffer) {
  const boundary = '----townsquare-form';
  const parts: Buffer[] = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`),
    );
  if (image)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}

const send = (
  method: 'POST' | 'PUT',
  url: string,
  user: TestUser | undefined,
  body: ReturnType<typeof form>,
) =>
  t.app.inject({ method, url, headers: { ...(user?.auth ?? {}), ...body.headers }, payload: body.payload });

const fields = (over: Record<string, unknown> = {}) => ({ ...eventBody(over), tags: 'Books' });

describe('the event form picture', () => {
  it('PUT to an event id that does not exist: 404, and not one file or row written', async () => {
    const res = await send(
      'PUT',
      '/api/events/0193a0c1-0000-7000-8000-00000000dead',
      host,
      form({ title: 'x' }, png),
    );
    expect(res.statusCode).toBe(404);
    await expectNothingStored();
  });

  it('PUT to an event the caller does not host: 403, nothing written', async () => {
    const stranger = await createUser(t);
    const res = await send('PUT', `/api/events/${eventId}`, stranger, form({ title: 'Mine now' }, png));
    expect(res.statusCode).toBe(403);
    await expectNothingStored();
  });

  it('without a session: 401, nothing written', async () => {
    const res = await send('POST', '/api/events', undefined, form(fields(), png));
    expect(res.statusCode).toBe(401);
    await expectNothingStored();
  });

  it('POST that fails validation: 400, nothing written', async () => {
    const res = await send('POST', '/api/events', host, form(fields({ title: '' }), png));
    expect(res.statusCode).toBe(400);
    await expectNothingStored();
  });

  it('POST refused by the service after the picture was read (a community one may not host in): nothing written', async () => {
    const res = await send(
      'POST',
      '/api/events',
      host,
      form(fields({ communityId: '0193a0c1-0000-7000-8000-00000000beef' }), png),
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    await expectNothingStored();
  });

  it('counts against the per-account upload limit: 429 once it is used up, nothing written', async () => {
    const busy = await createUser(t);
    for (let i = 0; i < 30; i++) {
      const signed = await t.app.inject({
        method: 'POST',
        url: '/api/upload/signed-url',
        headers: busy.auth,
        payload: { fileName: 'a.png', fileType: 'image/png' },
      });
      expect(signed.statusCode).toBe(201);
    }
    const after = await uploadRows();
    const res = await send('POST', '/api/events', busy, form(fields(), png));
    expect(res.statusCode).toBe(429);
    expect(await filesWritten()).toEqual(before.files);
    expect(await uploadRows()).toBe(after);
  });

  it('a request that succeeds stores the picture once, as an upload of the caller', async () => {
    const created = await send('POST', '/api/events', host, form(fields(), png));
    expect(created.statusCode, created.body).toBe(201);
    const url = created.json().event.imageUrl as string;
    expect(url).toMatch(/\/uploads\/event-image\/.+\.png$/);
    const original = (await filesWritten()).filter((f) => !before.files.includes(f) && f.endsWith('.png'));
    expect(original).toHaveLength(1);
    const owner = await t.db.execute<{ owner_id: string }>(
      sql`select owner_id from uploads where key = ${url.slice(url.indexOf('event-image/'))}`,
    );
    expect(owner.rows[0]?.owner_id).toBe(host.user.id);

    const updated = await send('PUT', `/api/events/${eventId}`, host, form({ title: 'With a picture' }, png));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().event.imageUrl).toMatch(/\/uploads\/event-image\/.+\.png$/);
  });
});
