/*
 * Townsquare's service worker (decision 033). Registered on every page after its first paint.
 *
 * - Offline shell: a navigation goes to the network first; when the network cannot be reached the
 *   person sees offline.html (the header and a clear "You're offline" page), never the browser's
 *   error. Only that page and its pictures are cached, in a cache named after the build
 *   (SHELL_VERSION is filled in by apps/web/build/service-worker.ts): a new version installs its own
 *   cache and deletes every older one when it takes over, so old and new files never mix.
 * - Nothing personal is ever cached: API answers, sockets, uploads and pages are not stored at all,
 *   so nothing can leak from one account to the next. Signing out (POST /api/auth/logout) deletes
 *   every cache of ours all the same, then fetches the offline page again.
 * - Web Push: shows the notifications the server sends and opens (or focuses) the
 *   notification's page when it is clicked.
 *   Payload: { id, kind, title, body, url } (apps/server/src/modules/push/push.channel.ts).
 */

const SHELL_VERSION = 'development';
const CACHE_PREFIX = 'townsquare-shell-';
const SHELL_CACHE = `${CACHE_PREFIX}${SHELL_VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const SHELL = [OFFLINE_PAGE, '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'];

async function cacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  // Past the HTTP cache: the files of this version, not what an earlier one left there.
  await cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

/** Every cache of ours but `keep` (none: all of them). */
async function deleteCaches(keep) {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== keep).map((name) => caches.delete(name)),
  );
}

self.addEventListener('activate', (event) => {
  event.waitUntil(deleteCaches(SHELL_CACHE).then(() => self.clients.claim()));
});

/** A page that cannot be loaded: the network's answer when there is one, else the offline page. */
async function navigate(request) {
  try {
    return await fetch(request);
  } catch {
    const cached = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    return cached ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/api/auth/logout') {
    // Observed, not answered: the request goes to the server as it would without us. Everything
    // cached goes; the offline page (nothing personal in it) is fetched afresh.
    event.waitUntil(
      deleteCaches()
        .then(cacheShell)
        .catch(() => undefined),
    );
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  // The offline page's own files, when it is shown; everything else goes to the network untouched.
  if (SHELL.includes(url.pathname) && url.search === '') {
    event.respondWith(
      fetch(request).catch(
        async () => (await caches.match(request, { cacheName: SHELL_CACHE })) ?? Response.error(),
      ),
    );
  }
});

/** Only paths of this site are opened; anything else opens the notifications page. */
function targetUrl(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/notifications', self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/notifications`;
  } catch {
    return `${self.location.origin}/notifications`;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Townsquare';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.id === 'string' ? data.id : undefined,
      icon: '/icons/icon-192.png',
      data: { url: targetUrl(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === url);
      if (same) return same.focus();
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (ours && 'navigate' in ours) {
        await ours.focus();
        return ours.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
