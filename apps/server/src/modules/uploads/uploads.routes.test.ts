import { LIMITS, signedUrlResponse, UPLOAD_MSG } from '@townsquare/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS_PER } from '../../platform/rate-limit/rate-limiter.ts';
import {
  createUser,
  nextIp,
  requestAs,
  saveProfileImage,
  type TestUser,
  useUsers,
} from '../../test/factories.ts';
import { testImages } from '../../test/images.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const [owner] = useUsers(t, 1);
let png: Buffer;
let jpegWithGps: Buffer;
const inject = requestAs(t);

beforeAll(async () => {
  ({ png, jpegWithGps } = await testImages());
});

async function signedUrl(user: TestUser, body: object) {
  return inject('POST', '/api/upload/signed-url', user, body);
}

/** PUTs like a browser: the path and query of the signed URL, only the content type as header. */
async function put(url: string, bytes: Buffer, contentType: string) {
  const { pathname, search } = new URL(url, t.config.publicUrl);
  return t.app.inject({
    method: 'PUT',
    url: `${pathname}${search}`,
    headers: { 'content-type': contentType },
    payload: bytes,
  });
}

async function upload(fileType: string, folder = 'profile-image') {
  const res = await signedUrl(owner, { fileName: 'me.png', fileType, folder });
  expect(res.statusCode).toBe(201);
  return signedUrlResponse.parse(res.json());
}

describe('signed upload URLs', () => {
  it('needs a signed-in user', async () => {
    const res = await inject('POST', '/api/upload/signed-url', undefined, {
      fileName: 'a.png',
      fileType: 'image/png',
    });
    expect(res.statusCode).toBe(401);
  });

  it('stores a PNG, serves it with nosniff and a long cache, and lets the owner use it as profile image', async () => {
    const target = await upload('image/png');
    expect(target.signedUrl).toContain('X-Amz-SignedHeaders=content-type');
    expect(target.publicUrl).toMatch(
      /^http:\/\/townsquare\.test\/uploads\/profile-image\/[0-9a-f-]{36}\.png$/,
    );
    expect(target.maxBytes).toBe(5 * 1024 * 1024);

    const stored = await put(target.signedUrl, png, 'image/png');
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['access-control-allow-origin']).toBe('*');

    const served = await inject('GET', new URL(target.publicUrl).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');

    const saved = await saveProfileImage(t, owner, target.publicUrl);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profileImage).toBe(target.publicUrl);
  });

  it('serves only names the server writes, with ranges and revalidation, and never a folder', async () => {
    const target = await upload('image/png');
    expect((await put(target.signedUrl, png, 'image/png')).statusCode).toBe(200);
    const path = new URL(target.publicUrl).pathname;

    const part = await t.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(8);
    const whole = await inject('GET', path);
    const again = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': String(whole.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'HEAD', url: path })).statusCode).toBe(200);

    for (const url of [
      path.toUpperCase(),
      path.replace('.png', '.PNG'),
      '/uploads/profile-image/',
      '/uploads/profile-image',
      '/uploads/',
      `${path}/`,
      path.replace('/profile-image/', '/%2e%2e/profile-image/'),
      '/uploads/profile-image/.hidden',
    ]) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('removes EXIF (camera and GPS) from photos', async () => {
    expect((await sharp(jpegWithGps).metadata()).exif).toBeDefined();
    const target = await upload('image/jpeg');
    expect((await put(target.signedUrl, jpegWithGps, 'image/jpeg')).statusCode).toBe(200);
    const served = await inject('GET', new URL(target.publicUrl).pathname);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Phone'))).toBe(false);
  });

  it('refuses non-images by their bytes: SVG, HTML renamed to .png, zero bytes', async () => {
    expect((await signedUrl(owner, { fileName: 'x.svg', fileType: 'image/svg+xml' })).json().message).toBe(
      UPLOAD_MSG.invalidType,
    );
    expect((await signedUrl(owner, { fileName: 'x.html', fileType: 'text/html' })).json().message).toBe(
      UPLOAD_MSG.invalidType,
    );

    const html = await upload('image/png');
    const res = await put(html.signedUrl, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MSG.notAnImage);

    const empty = await upload('image/png');
    const zero = await put(empty.signedUrl, Buffer.alloc(0), 'image/png');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe(UPLOAD_MSG.empty);

    const svg = await upload('image/png');
    const svgBytes = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await put(svg.signedUrl, svgBytes, 'image/png')).statusCode).toBe(400);
    // A JPEG sent to a URL signed for PNG does not pass either.
    const mismatch = await upload('image/png');
    expect((await put(mismatch.signedUrl, jpegWithGps, 'image/png')).json().message).toBe(
      UPLOAD_MSG.invalidType,
    );
  });

  it('refuses one byte over the limit of the URL', async () => {
    const target = await upload('image/png');
    const tooBig = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    const res = await put(target.signedUrl, tooBig, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size must be less than 5MB');
    // The event folder (and no folder, as the original event form sends) allows 10 MB.
    const event = await signedUrl(owner, { fileName: 'e.png', fileType: 'image/png' });
    expect(event.json().maxBytes).toBe(10 * 1024 * 1024);
  });

  it('refuses reused, expired, tampered and foreign signatures, and ../ keys', async () => {
    const target = await upload('image/png');
    expect((await put(target.signedUrl, png, 'image/png')).statusCode).toBe(200);
    const reused = await put(target.signedUrl, png, 'image/png');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(UPLOAD_MSG.alreadyUsed);

    const fresh = await upload('image/png');
    const url = new URL(fresh.signedUrl, t.config.publicUrl);
    url.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    expect((await put(url.toString(), png, 'image/png')).statusCode).toBe(403);

    const bigger = new URL(fresh.signedUrl, t.config.publicUrl);
    bigger.searchParams.set('max', String(50 * 1024 * 1024));
    expect((await put(bigger.toString(), png, 'image/png')).statusCode).toBe(403);

    const traversal = new URL(fresh.signedUrl, t.config.publicUrl);
    traversal.pathname = '/api/upload/put/profile-image/../../secrets.json';
    expect((await put(traversal.toString(), png, 'image/png')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await put(traversal.toString(), png, 'image/png')).statusCode).toBeLessThan(500);

    expect((await put(fresh.signedUrl, png, 'image/gif')).json().message).toBe(
      UPLOAD_MSG.contentTypeMismatch,
    );
    // Still unused after all those refusals.
    expect((await put(fresh.signedUrl, png, 'image/png')).statusCode).toBe(200);
  });

  it('answers the CORS preflight of a browser PUT', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/upload/put/profile-image/x.png',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'PUT' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toContain('PUT');
  });
});

describe('profile images accept only our own uploads', () => {
  it("refuses foreign URLs, pending uploads and other users' images", async () => {
    const stranger = await createUser(t);
    for (const profileImage of [
      'https://evil.example/x.png',
      'http://townsquare.test/uploads/profile-image/../../x.png',
      'javascript:alert(1)',
    ]) {
      const res = await saveProfileImage(t, stranger, profileImage);
      expect(res.statusCode).toBe(400);
    }
    const pending = await upload('image/png');
    const unused = await saveProfileImage(t, owner, pending.publicUrl);
    expect(unused.statusCode).toBe(400);
    await put(pending.signedUrl, png, 'image/png');
    const theirs = await saveProfileImage(t, stranger, pending.publicUrl);
    expect(theirs.statusCode).toBe(400);
    const cleared = await saveProfileImage(t, stranger, null);
    expect(cleared.json().profileImage).toBeNull();
  });
});

describe('POST /api/upload/file (multipart)', () => {
  function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
    const boundary = '----townsquare-test';
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    }
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
      );
      parts.push(file.data, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      payload: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('stores an image and answers with url and publicUrl', async () => {
    const body = multipart({ folder: 'profile-image' }, { name: 'me.png', type: 'image/png', data: png });
    const res = await inject('POST', '/api/upload/file', owner, body.payload, body.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toBe(res.json().publicUrl);
    expect((await inject('GET', new URL(res.json().url).pathname)).statusCode).toBe(200);
  });

  it('refuses a missing file, a non-image and anonymous callers', async () => {
    const none = multipart({ folder: 'profile-image' });
    const res = await inject('POST', '/api/upload/file', owner, none.payload, none.headers);
    expect(res.statusCode).toBe(400);
    const text = multipart({}, { name: 'x.png', type: 'image/png', data: Buffer.from('hello') });
    const bad = await inject('POST', '/api/upload/file', owner, text.payload, text.headers);
    expect(bad.json().message).toBe(UPLOAD_MSG.notAnImage);
    const anon = await inject('POST', '/api/upload/file', undefined, text.payload, text.headers);
    expect(anon.statusCode).toBe(401);
  });
});

describe('upload abuse', () => {
  const signedFrom = (
    user: TestUser,
    ip: string,
    payload: object = { fileName: 'a.png', fileType: 'image/png', folder: 'profile-image' },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/upload/signed-url',
      headers: user.auth,
      remoteAddress: ip,
      payload,
    });

  it('refuses images over the pixel limit before decoding them, however few their bytes', async () => {
    const side = Math.ceil(Math.sqrt(LIMITS.imageMaxPixels)) + 1;
    const huge = await sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
      .jpeg({ quality: 10 })
      .toBuffer();
    expect(huge.length).toBeLessThan(LIMITS.imageMaxBytes);
    const user = await createUser(t);
    const res = await signedFrom(user, nextIp(), {
      fileName: 'big.jpg',
      fileType: 'image/jpeg',
      folder: 'event-image',
    });
    const stored = await put(signedUrlResponse.parse(res.json()).signedUrl, huge, 'image/jpeg');
    expect(stored.statusCode).toBe(400);
    expect(stored.json().message).toBe(UPLOAD_MSG.tooManyPixels);
  });

  it('limits uploads per account, whatever the address', async () => {
    const user = await createUser(t);
    const { limit } = LIMITS_PER.uploadsPerAccount;
    for (let i = 0; i < limit; i++) expect((await signedFrom(user, nextIp())).statusCode).toBe(201);
    const over = await signedFrom(user, nextIp());
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many attempts/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits uploads per address, whatever the account', async () => {
    const ip = nextIp();
    const { limit } = LIMITS_PER.uploadsPerIp;
    const perAccount = LIMITS_PER.uploadsPerAccount.limit;
    const users = await Promise.all(
      Array.from({ length: Math.ceil(limit / perAccount) + 1 }, () => createUser(t)),
    );
    for (let i = 0; i < limit; i++)
      expect((await signedFrom(users[Math.floor(i / perAccount)]!, ip)).statusCode).toBe(201);
    expect((await signedFrom(users.at(-1)!, ip)).statusCode).toBe(429);
  });

  it('answers 503 while image work is saturated, and /api/ready says so', async () => {
    let release = () => {};
    const busy = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { concurrency, maxWaiting } = t.config.imageWork;
    const holders = Array.from({ length: concurrency + maxWaiting }, () => t.images.run(() => busy));
    const ready = await inject('GET', '/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.images).toBe('saturated');
    const user = await createUser(t);
    const res = await signedFrom(user, nextIp());
    const refused = await put(signedUrlResponse.parse(res.json()).signedUrl, png, 'image/png');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(UPLOAD_MSG.busy);
    release();
    await Promise.all(holders);
    const after = await inject('GET', '/api/ready');
    expect(after.statusCode).toBe(200);
    expect(after.json().checks.images).toBe('ok');
    // The refused PUT did not spend its single-use URL.
    expect((await put(signedUrlResponse.parse(res.json()).signedUrl, png, 'image/png')).statusCode).toBe(200);
  });
});
