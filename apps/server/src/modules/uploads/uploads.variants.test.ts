import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { imageSources, signedUrlResponse, UPLOAD_MSG } from '@townsquare/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, requestAs, type TestUser, useUsers } from '../../test/factories.ts';
import { noisyPhoto } from '../../test/images.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const inject = requestAs(t);
const [owner, stranger] = useUsers(t, 2);
/** 1200 × 675: wider than two of the copies, narrower than the third. */
let photo: Buffer;

beforeAll(async () => {
  photo = await noisyPhoto(1200, 675, { sigma: 30, quality: 80 });
});

/** Uploads `bytes` as `user`'s event picture through a signed URL; returns the signed target. */
async function uploadEventPicture(user: TestUser, bytes: Buffer) {
  const signed = await inject('POST', '/api/upload/signed-url', user, {
    fileName: 'banner.jpg',
    fileType: 'image/jpeg',
    folder: 'event-image',
  });
  expect(signed.statusCode).toBe(201);
  const target = signedUrlResponse.parse(signed.json());
  const put = await t.app.inject({
    method: 'PUT',
    url: target.signedUrl,
    headers: { 'content-type': 'image/jpeg' },
    payload: bytes,
  });
  expect(put.statusCode).toBe(200);
  return target;
}

const getVariant = (width: number, key: string) => inject('GET', `/api/images/${width}/${key}`);

const stored = (key: string) => path.join(t.dataDir, 'uploads', key);
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('WebP copies of event pictures', () => {
  it('are stored next to the original on upload and served as WebP, never wider than the original', async () => {
    const { key, publicUrl } = await uploadEventPicture(owner, photo);
    const uuid = key.slice('event-image/'.length, -'.jpg'.length);
    for (const width of [480, 960, 1600]) {
      expect(await exists(stored(`event-image/${uuid}.w${width}.webp`))).toBe(true);
    }
    for (const [width, expected] of [
      [480, 480],
      [960, 960],
      [1600, 1200],
    ] as const) {
      const res = await getVariant(width, key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('immutable');
      // Shown from whatever address the page came from, and by clients served elsewhere.
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(expected);
      expect(res.rawPayload.length).toBeLessThan(photo.length);
    }
    // The original stays where imageUrl points, embeddable from another origin too.
    const original = await inject('GET', new URL(publicUrl).pathname);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The web app's srcset names exactly these copies.
    expect(imageSources(publicUrl)?.srcSet).toBe(
      `/api/images/480/${key} 480w, /api/images/960/${key} 960w, /api/images/1600/${key} 1600w`,
    );
  });

  it('of a picture stored before copies existed are made on first request, then kept', async () => {
    const { key, publicUrl } = await uploadEventPicture(owner, photo);
    await createEvent(t, owner, { title: 'Older picture', imageUrl: publicUrl });
    const copy = stored(key.replace(/\.jpg$/, '.w480.webp'));
    await rm(copy); // as an upload made before this change has none
    const res = await getVariant(480, key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(480);
    expect(await exists(copy)).toBe(true);

    // Many visitors asking for a missing copy at once: every one gets the picture, whole.
    await rm(copy);
    const at = await Promise.all(Array.from({ length: 8 }, () => getVariant(480, key)));
    expect(at.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    for (const r of at) expect((await sharp(r.rawPayload).metadata()).width).toBe(480);
  });

  it('are 404 for other widths, unknown or pending uploads, GIFs and anything that is not a key', async () => {
    const { key } = await uploadEventPicture(owner, photo);
    expect((await getVariant(500, key)).statusCode).toBe(404);
    expect((await getVariant(0, key)).statusCode).toBe(404);
    const unknown = 'event-image/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jpg';
    const missing = await getVariant(480, unknown);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(UPLOAD_MSG.imageNotFound);
    // Signed but never uploaded: nobody's picture.
    const pending = await inject('POST', '/api/upload/signed-url', owner, {
      fileName: 'later.png',
      fileType: 'image/png',
      folder: 'event-image',
    });
    expect((await getVariant(480, pending.json().key)).statusCode).toBe(404);
    expect((await getVariant(480, unknown.replace('.jpg', '.gif'))).statusCode).toBe(404);
    expect((await getVariant(480, `${key.replace('.jpg', '.w480.webp')}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/images/480/event-image/..%2f..%2fsecrets.json`)).statusCode).toBe(404);
  });

  it('cannot be written by anyone: no upload URL is ever valid for a copy', async () => {
    const { key } = await uploadEventPicture(owner, photo);
    const before = (await getVariant(480, key)).rawPayload;
    // A stranger's own genuine signature, replayed on the owner's copy.
    const theirs = await inject('POST', '/api/upload/signed-url', stranger, {
      fileName: 'x.webp',
      fileType: 'image/webp',
      folder: 'event-image',
    });
    const { search } = new URL(theirs.json().signedUrl, t.config.publicUrl);
    const fake = await sharp({ create: { width: 480, height: 270, channels: 3, background: '#000000' } })
      .webp()
      .toBuffer();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/upload/put/${key.replace('.jpg', '.w480.webp')}${search}`,
      headers: { 'content-type': 'image/webp' },
      payload: fake,
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(UPLOAD_MSG.signatureInvalid);
    expect((await getVariant(480, key)).rawPayload.equals(before)).toBe(true);
  });
});
