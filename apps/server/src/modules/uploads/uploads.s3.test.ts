import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { MSG, signedUrlResponse, UPLOAD_MSG } from '@townsquare/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, s3BucketUrl } from '../../config.ts';
import { uploads } from '../../db/schema/index.ts';
import { createImageSanitizer } from '../../platform/storage/image.ts';
import { createS3Storage } from '../../platform/storage/s3.ts';
import { createWorkQueue } from '../../platform/work-queue.ts';
import { createEvent, createUser, saveProfileImage, type TestUser } from '../../test/factories.ts';
import { testImages } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** s3rver ships no types: the little of it these tests use. */
type S3rver = {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
};
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rver;

const BUCKET = 'townsquare-test';
const SECRET = 'S3RVER';

let s3rver: S3rver | undefined;
let s3Dir: string | undefined;
let endpoint: string;
let bucketUrl: string;
let t: TestApp | undefined;
let owner: TestUser;
let stranger: TestUser;
let png: Buffer;
let jpegWithGps: Buffer;

const app = () => {
  if (!t) throw new Error('app not started');
  return t;
};

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-s3rver-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucketUrl = `${endpoint}/${BUCKET}`;
  t = await createTestApp({
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: bucketUrl,
    },
  });
  owner = await createUser(t);
  stranger = await createUser(t);
  ({ png, jpegWithGps } = await testImages());
});

afterAll(async () => {
  await t?.close();
  if (s3rver?.httpServer) {
    const closing = s3rver.close();
    // fetch keeps its connections alive; do not wait for their idle timeout.
    s3rver.httpServer.closeAllConnections();
    await closing;
  }
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
});

async function signedUrl(user: TestUser, fileType: string, folder?: string) {
  const res = await app().app.inject({
    method: 'POST',
    url: '/api/upload/signed-url',
    headers: user.auth,
    payload: { fileName: 'me.img', fileType, ...(folder ? { folder } : {}) },
  });
  expect(res.statusCode).toBe(201);
  return signedUrlResponse.parse(res.json());
}

/**
 * PUTs like the original client (uploadService.uploadToS3): it reads X-Amz-SignedHeaders and
 * sends only the headers named there, except `host`, which a browser sets itself.
 */
async function browserPut(url: string, body: Buffer, fileType: string) {
  const wanted = (new URL(url).searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
  const known: Record<string, string> = {
    'content-type': fileType,
    'x-amz-acl': 'public-read',
    'x-amz-meta-content-type': fileType,
    'x-amz-checksum-algorithm': 'CRC32',
  };
  const headers: Record<string, string> = {};
  for (const name of wanted) {
    const value = known[name];
    if (value) headers[name] = value;
  }
  return fetch(url, { method: 'PUT', body: new Uint8Array(body), headers });
}

async function uploadRow(key: string) {
  const rows = await app().db.select().from(uploads).where(eq(uploads.key, key));
  return rows[0];
}

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * An independent check of a presigned SigV4 PUT URL (s3rver does not verify V4 signatures): true
 * when a request with `headers` (and the URL's host) carries a valid signature.
 */
function signatureHolds(signedUrl: string, headers: Record<string, string>, secret: string): boolean {
  const url = new URL(signedUrl);
  const query = url.searchParams;
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
  const sent: Record<string, string> = { ...headers, host: url.host };
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${(sent[name] ?? '').trim()}\n`).join('');
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    'PUT',
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date = '', region = '', service = ''] = (query.get('X-Amz-Credential') ?? '').split('/');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    query.get('X-Amz-Date'),
    `${date}/${region}/${service}/aws4_request`,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return hmac(key, stringToSign).toString('hex') === query.get('X-Amz-Signature');
}

describe('S3 signed upload URLs', () => {
  it('sign only content-type and host, bound to the content type, for 15 minutes', async () => {
    const target = await signedUrl(owner, 'image/png', 'profile-image');
    expect(target.publicUrl).toMatch(
      new RegExp(`^${bucketUrl.replace(/[.]/g, '\\.')}/profile-image/[0-9a-f-]{36}\\.png$`),
    );
    expect(target.key).toBe(target.publicUrl.slice(bucketUrl.length + 1));
    expect(target.maxBytes).toBe(5 * 1024 * 1024);

    const url = new URL(target.signedUrl);
    expect(`${url.origin}${url.pathname}`).toBe(target.publicUrl);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    const expires = Number(url.searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(14 * 60);
    expect(expires).toBeLessThanOrEqual(15 * 60);
    // Nothing a browser would have to compute or that would make the object public by ACL.
    expect(target.signedUrl).not.toMatch(/checksum|x-amz-acl|x-amz-meta|x-amz-sdk/i);

    expect(signatureHolds(target.signedUrl, { 'content-type': 'image/png' }, SECRET)).toBe(true);
    expect(signatureHolds(target.signedUrl, { 'content-type': 'image/gif' }, SECRET)).toBe(false);
    expect(signatureHolds(target.signedUrl, { 'content-type': 'image/png' }, 'another-secret')).toBe(false);
  });

  it('allow the bucket in the content security policy, and no local upload routes', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`img-src [^;]*${endpoint}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${endpoint}`));

    const target = await signedUrl(owner, 'image/png', 'profile-image');
    const local = await app().app.inject({
      method: 'PUT',
      url: `/api/upload/put/${target.key}?type=image%2Fpng`,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(local.statusCode).toBe(404);
    expect((await app().app.inject({ method: 'GET', url: `/uploads/${target.key}` })).statusCode).toBe(404);
  });
});

describe('S3 uploads end to end', () => {
  it('browser PUT → saved into the profile → served from the bucket without EXIF; once per owner', async () => {
    const target = await signedUrl(owner, 'image/jpeg', 'profile-image');
    const put = await browserPut(target.signedUrl, jpegWithGps, 'image/jpeg');
    expect(put.status).toBe(200);

    // Until it is saved, the bucket holds exactly what the browser sent.
    const raw = await fetch(target.publicUrl);
    expect(raw.status).toBe(200);
    expect((await sharp(Buffer.from(await raw.arrayBuffer())).metadata()).exif).toBeDefined();
    expect((await uploadRow(target.key))?.status).toBe('pending');

    const saved = await saveProfileImage(app(), owner, target.publicUrl);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profileImage).toBe(target.publicUrl);

    const served = await fetch(target.publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Phone'))).toBe(false);

    const row = await uploadRow(target.key);
    expect(row?.status).toBe('stored');
    expect(row?.sizeBytes).toBe(bytes.length);

    // Saving it again (say, after editing another field) is fine; another user may not use it.
    expect((await saveProfileImage(app(), owner, null)).statusCode).toBe(200);
    expect((await saveProfileImage(app(), owner, target.publicUrl)).statusCode).toBe(200);
    const theirs = await saveProfileImage(app(), stranger, target.publicUrl);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(MSG.imageUrlInvalid);
  });

  it('refuses an object over the limit of its URL at save, and removes it from the bucket', async () => {
    const target = await signedUrl(owner, 'image/png', 'profile-image');
    const tooBig = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    expect((await browserPut(target.signedUrl, tooBig, 'image/png')).status).toBe(200);

    const res = await saveProfileImage(app(), owner, target.publicUrl);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size must be less than 5MB');
    expect((await fetch(target.publicUrl)).status).toBe(404);
    expect((await uploadRow(target.key))?.status).toBe('pending');
  });

  it('refuses non-images and images of another type than the URL was signed for', async () => {
    const html = await signedUrl(owner, 'image/png', 'profile-image');
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await browserPut(html.signedUrl, page, 'image/png')).status).toBe(200);
    const res = await saveProfileImage(app(), owner, html.publicUrl);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MSG.notAnImage);
    expect((await fetch(html.publicUrl)).status).toBe(404);

    const mismatch = await signedUrl(owner, 'image/png', 'profile-image');
    expect((await browserPut(mismatch.signedUrl, jpegWithGps, 'image/png')).status).toBe(200);
    const wrongType = await saveProfileImage(app(), owner, mismatch.publicUrl);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe(UPLOAD_MSG.invalidType);
  });

  it('refuses an upload that never arrived, and one whose URL expired more than a day ago', async () => {
    const never = await signedUrl(owner, 'image/png', 'profile-image');
    const res = await saveProfileImage(app(), owner, never.publicUrl);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MSG.notUploaded);

    const late = await signedUrl(owner, 'image/png', 'profile-image');
    expect((await browserPut(late.signedUrl, png, 'image/png')).status).toBe(200);
    await app()
      .db.update(uploads)
      .set({ expiresAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(uploads.key, late.key));
    expect((await saveProfileImage(app(), owner, late.publicUrl)).statusCode).toBe(400);
    // Within the day it is still accepted.
    await app()
      .db.update(uploads)
      .set({ expiresAt: new Date(Date.now() - 23 * 60 * 60_000) })
      .where(eq(uploads.key, late.key));
    expect((await saveProfileImage(app(), owner, late.publicUrl)).statusCode).toBe(200);
  });

  it('refuses foreign URLs and objects in the bucket that no upload URL was issued for', async () => {
    const uuid = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const storage = createS3Storage(app().config.s3!, createImageSanitizer(app().images));
    try {
      // Someone with bucket access put an object under a well-formed key: still not an upload.
      await storage.client.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: `profile-image/${uuid}.png`,
          Body: png,
          ContentType: 'image/png',
        }),
      );
    } finally {
      storage.client.destroy();
    }
    for (const profileImage of [
      'https://evil.example/x.png',
      `${bucketUrl}/profile-image/${uuid}.png`,
      `${bucketUrl}/profile-image/../../x.png`,
      `${endpoint}/another-bucket/profile-image/${uuid}.png`,
      `http://townsquare.test/uploads/profile-image/${uuid}.png`,
    ]) {
      const res = await saveProfileImage(app(), stranger, profileImage);
      expect(res.statusCode, profileImage).toBe(400);
      expect(res.json().message).toBe(MSG.imageUrlInvalid);
    }
  });

  it('POST /api/upload/file stores the re-encoded image in the bucket', async () => {
    const boundary = '----townsquare-s3-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\nprofile-image\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpegWithGps,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/upload/file',
      headers: { ...owner.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const { url, key } = res.json() as { url: string; key: string };
    expect(url).toBe(`${bucketUrl}/${key}`);
    expect(key).toMatch(/^profile-image\/[0-9a-f-]{36}\.jpg$/);

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).exif).toBeUndefined();
    expect((await saveProfileImage(app(), owner, url)).statusCode).toBe(200);
  });
});

describe('S3 WebP copies of event pictures', () => {
  it('are stored in the bucket when the picture is first saved, and made there on request for an older one', async () => {
    const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#d97706' } })
      .jpeg()
      .toBuffer();
    const target = await signedUrl(owner, 'image/jpeg', 'event-image');
    expect((await browserPut(target.signedUrl, photo, 'image/jpeg')).status).toBe(200);
    await createEvent(app(), owner, { title: 'Bucket picture', imageUrl: target.publicUrl });
    const copy = (width: number) => `${bucketUrl}/${target.key.replace(/\.jpg$/, `.w${width}.webp`)}`;
    // Saved into the event: checked, then copied next to the original (which stays imageUrl).
    for (const [width, expected] of [
      [480, 480],
      [960, 960],
      [1600, 1200],
    ] as const) {
      const res = await app().app.inject({ method: 'GET', url: `/api/images/${width}/${target.key}` });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(copy(width));
      expect(res.headers['cache-control']).toContain('immutable');
      const object = await fetch(copy(width));
      expect(object.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await object.arrayBuffer())).metadata()).width).toBe(expected);
    }
    expect((await fetch(target.publicUrl)).headers.get('content-type')).toBe('image/jpeg');

    // An event picture saved before copies existed: the first request makes it in the bucket.
    const storage = createS3Storage(app().config.s3!, createImageSanitizer(app().images));
    try {
      await storage.client.send(
        new DeleteObjectCommand({ Bucket: BUCKET, Key: target.key.replace(/\.jpg$/, '.w480.webp') }),
      );
      expect(await storage.exists(target.key.replace(/\.jpg$/, '.w480.webp'))).toBe(false);
      const res = await app().app.inject({ method: 'GET', url: `/api/images/480/${target.key}` });
      expect(res.statusCode).toBe(301);
      expect(await storage.exists(target.key.replace(/\.jpg$/, '.w480.webp'))).toBe(true);
    } finally {
      storage.client.destroy();
    }
  });

  it('are never made from an object nobody saved yet (unchecked bytes)', async () => {
    const target = await signedUrl(stranger, 'image/png', 'event-image');
    expect((await browserPut(target.signedUrl, png, 'image/png')).status).toBe(200);
    const res = await app().app.inject({ method: 'GET', url: `/api/images/480/${target.key}` });
    expect(res.statusCode).toBe(404);
    expect((await fetch(`${bucketUrl}/${target.key.replace(/\.png$/, '.w480.webp')}`)).status).toBe(404);
  });
});

describe('S3 configuration', () => {
  it('derives the public URL from the bucket, region and endpoint', () => {
    expect(loadConfig({ S3_BUCKET: 'townsquare-media', S3_REGION: 'eu-west-3' }).s3).toMatchObject({
      bucket: 'townsquare-media',
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
      publicUrl: 'https://townsquare-media.s3.eu-west-3.amazonaws.com',
    });
    expect(loadConfig({ S3_BUCKET: 'media' }).s3?.publicUrl).toBe('https://media.s3.us-east-1.amazonaws.com');
    expect(
      loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000/', S3_FORCE_PATH_STYLE: 'true' }).s3
        ?.publicUrl,
    ).toBe('http://minio:9000/media');
    expect(
      loadConfig({ S3_BUCKET: 'media', S3_PUBLIC_URL: 'https://cdn.example.org/img/' }).s3?.publicUrl,
    ).toBe('https://cdn.example.org/img');
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('stops on a bad value with one line naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
      [{ S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://example.org' }, 'S3_ENDPOINT'],
      [{ S3_BUCKET: 'media', S3_PUBLIC_URL: 'not a url' }, 'S3_PUBLIC_URL'],
      [{ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
      [{ S3_BUCKET: 'media', S3_REGION: 'EU West' }, 'S3_REGION'],
      [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY'],
      [{ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    ];
    for (const [env, name] of cases) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error, name).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message.startsWith(`Invalid configuration: ${name} `), message).toBe(true);
      expect(message).not.toContain('\n');
    }
  });

  it('predicts the origin of presigned URLs for the content security policy', async () => {
    const configs = [
      { bucket: 'media', region: 'us-east-1', endpoint: undefined, forcePathStyle: false },
      { bucket: 'media', region: 'eu-west-3', endpoint: undefined, forcePathStyle: true },
      { bucket: 'my.media', region: 'eu-west-3', endpoint: undefined, forcePathStyle: false },
      {
        bucket: 'media',
        region: 'auto',
        endpoint: 'https://acct.r2.cloudflarestorage.com',
        forcePathStyle: false,
      },
      { bucket: 'media', region: 'us-east-1', endpoint: 'http://minio:9000', forcePathStyle: true },
    ];
    for (const s3 of configs) {
      const storage = createS3Storage(
        {
          ...s3,
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'example-secret',
          publicUrl: s3BucketUrl(s3),
        },
        createImageSanitizer(createWorkQueue({ concurrency: 1, maxWaiting: 0, waitTimeoutMs: 1000 })),
      );
      try {
        const url = await storage.signedPutUrl({
          key: 'profile-image/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.png',
          contentType: 'image/png',
          maxBytes: 1024,
          expiresAt: new Date(Date.now() + 15 * 60_000),
        });
        expect(new URL(url).origin, JSON.stringify(s3)).toBe(storage.origins.upload);
        expect(url.split('?')[0], JSON.stringify(s3)).toBe(
          storage.publicUrl('profile-image/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.png'),
        );
        expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
      } finally {
        storage.client.destroy();
      }
    }
  });
});
