import { createServer, type Server } from 'node:http';
import { type APIRequestContext, request } from '@playwright/test';
import { e2eEnv } from '../support/env.ts';
import { createAccount, createLiveEvent, expect, test } from '../support/fixtures.ts';
import { gradientPng } from '../support/images.ts';

/**
 * The original client deployed on its own host: a page on a second origin, which
 * global-setup.ts put in CORS_ORIGINS, makes every PUT, PATCH and DELETE call of the contract
 * (spec/original-client-contract.md, section 3) and the signed upload with `fetch`, so Chromium's
 * own CORS rules decide what gets through. A call the browser blocks rejects with a TypeError,
 * recorded as `blocked`.
 */

type Call = { name: string; method: string; path: string; body?: unknown };
type Outcome = { name: string; status: number | 'blocked' };

let client: Server;
let api: APIRequestContext;

test.beforeAll(async () => {
  const { port, hostname } = new URL(e2eEnv.clientOrigin);
  client = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Original client</title><h1>Original client</h1></html>');
  });
  await new Promise<void>((resolve) => client.listen(Number(port), hostname, resolve));
});

test.afterAll(async () => {
  await api?.dispose();
  await new Promise((resolve) => client?.close(resolve));
});

test('a page on another origin makes every PUT, PATCH and DELETE call of the contract and the signed upload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await createAccount({ fullName: 'Cora Crossorigin' });
  api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${owner.accessToken}` },
  });
  // What the calls act on, made server-side: only the calls under test come from the page.
  const eventId = await createLiveEvent(owner, {
    title: 'Repair café',
    description: 'Bring a broken lamp, leave with a working one.',
    location: 'Library basement',
  });
  const subgroup = await api.post('/api/event-subgroups', { data: { eventId, name: 'Soldering table' } });
  expect(subgroup.status(), await subgroup.text()).toBe(201);
  const subgroupId = ((await subgroup.json()) as { id: string }).id;
  const message = await api.post(`/api/event-messages/${eventId}`, { data: { content: 'See you there' } });
  expect(message.status(), await message.text()).toBe(201);
  const messageId = ((await message.json()) as { id: string }).id;

  await page.goto(e2eEnv.clientOrigin);
  expect(new URL(page.url()).origin).not.toBe(new URL(e2eEnv.baseUrl).origin);

  const passwords = [owner.password, 'second-horse-battery', 'third-horse-battery', 'fourth-horse-battery'];
  const calls: Call[] = [
    {
      name: 'U3 profile save',
      method: 'PUT',
      path: `/api/users/${owner.id}`,
      body: { bio: 'Fixes radios.' },
    },
    { name: 'U5 PUT /me', method: 'PUT', path: '/api/users/me', body: { bio: 'Fixes lamps.' } },
    { name: 'U9 PATCH /me', method: 'PATCH', path: '/api/users/me', body: { bio: 'Fixes bikes.' } },
    {
      name: 'E5 event edit',
      method: 'PUT',
      path: `/api/events/${eventId}`,
      body: { location: 'Library hall' },
    },
    {
      name: 'E5 event PATCH',
      method: 'PATCH',
      path: `/api/events/${eventId}`,
      body: { location: 'Town hall' },
    },
    {
      name: 'SG9 sub-group rename',
      method: 'PUT',
      path: `/api/event-subgroups/${subgroupId}`,
      body: { name: 'Sewing table' },
    },
    {
      name: 'SG11 remove member',
      method: 'DELETE',
      path: `/api/event-subgroups/${subgroupId}/members/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b`,
    },
    { name: 'SG6 sub-group delete', method: 'DELETE', path: `/api/event-subgroups/${subgroupId}` },
    { name: 'EM3 message delete', method: 'DELETE', path: `/api/event-messages/${messageId}` },
    { name: 'E6 event delete', method: 'DELETE', path: `/api/events/${eventId}` },
    ...['/api/users/me/password', '/users/me/password', `/api/users/${owner.id}/password`].map((path, i) => ({
      name: `password change ${path}`,
      method: 'PUT',
      path,
      body: { currentPassword: passwords[i], newPassword: passwords[i + 1] },
    })),
    {
      name: 'U4 account delete',
      method: 'DELETE',
      path: `/api/users/${owner.id}`,
      body: { currentPassword: passwords[3] },
    },
  ];

  // The signed upload first (it needs the account): POST for the URL, then the PUT the original
  // client's uploadService builds from it (headers named by X-Amz-SignedHeaders, no credentials).
  const upload = await page.evaluate(
    async ({ apiBase, token, png }) => {
      const status = (response: Promise<Response>) =>
        response.then(
          (r) => r.status,
          () => 'blocked' as const,
        );
      const asked = await fetch(`${apiBase}/api/upload/signed-url`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ fileName: 'me.png', fileType: 'image/png', folder: 'profile-image' }),
      });
      const { signedUrl, publicUrl } = (await asked.json()) as { signedUrl: string; publicUrl: string };
      let target: URL;
      try {
        target = new URL(signedUrl); // as the original client does: a bare path throws
      } catch {
        return { asked: asked.status, signedUrl };
      }
      const signed = (target.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
      const headers: Record<string, string> = {};
      if (signed.includes('content-type')) headers['content-type'] = 'image/png';
      if (signed.includes('x-amz-acl')) headers['x-amz-acl'] = 'public-read';
      if (signed.includes('x-amz-meta-content-type')) headers['x-amz-meta-content-type'] = 'image/png';
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const put = await status(
        fetch(target, { method: 'PUT', headers, body: bytes, mode: 'cors', credentials: 'omit' }),
      );
      const saved = await status(
        fetch(`${apiBase}/api/users/me`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ profileImage: publicUrl }),
        }),
      );
      const shown = await status(fetch(publicUrl, { mode: 'cors' }));
      return { asked: asked.status, signedOrigin: target.origin, put, saved, shown };
    },
    { apiBase: e2eEnv.baseUrl, token: owner.accessToken, png: gradientPng().toString('base64') },
  );
  expect(upload).toEqual({
    asked: 201,
    signedOrigin: new URL(e2eEnv.baseUrl).origin,
    put: 200,
    saved: 200,
    shown: 200,
  });

  const outcomes = await page.evaluate(
    async ({ apiBase, token, calls }) => {
      const results: Outcome[] = [];
      // In order: the password changes and the account deletion come last.
      for (const call of calls) {
        try {
          const response = await fetch(`${apiBase}${call.path}`, {
            method: call.method,
            headers: {
              Authorization: `Bearer ${token}`,
              ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
          });
          results.push({ name: call.name, status: response.status });
        } catch {
          results.push({ name: call.name, status: 'blocked' });
        }
      }
      return results;
    },
    { apiBase: e2eEnv.baseUrl, token: owner.accessToken, calls },
  );
  expect(outcomes).toEqual(calls.map((call) => ({ name: call.name, status: 200 })));
});

test('an origin CORS_ORIGINS does not name is still refused', async ({ page }) => {
  const stranger = await createAccount({ fullName: 'Sid Stranger', complete: false, verified: false });
  // The server's own port on "localhost": another origin, and not a configured one.
  const elsewhere = new URL(e2eEnv.baseUrl);
  elsewhere.hostname = 'localhost';
  await page.goto(`${elsewhere.origin}/about`);
  const status = await page.evaluate(
    async ({ apiBase, token }) =>
      fetch(`${apiBase}/api/users/me`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ bio: 'Should not land.' }),
      }).then(
        (response) => response.status,
        () => 'blocked',
      ),
    { apiBase: e2eEnv.baseUrl, token: stranger.accessToken },
  );
  expect(status).toBe('blocked');
});
