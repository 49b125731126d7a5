/*
 * Townsquare's service worker (issue 12): shows the Web Push notifications the server sends and
 * opens (or focuses) the notification's page when it is clicked. It caches nothing and never
 * intercepts requests. Registered at scope / only when the person turns push on in /settings.
 * Payload: { id, kind, title, body, url } (apps/server/src/modules/push/push.channel.ts).
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
      icon: '/favicon.svg',
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
