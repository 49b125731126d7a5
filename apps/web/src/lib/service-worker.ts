/**
 * The one service worker (public/sw.js, decision 033): it shows pushes and keeps the offline
 * shell. Registered on every page after its first paint (app/after-first-paint.tsx); the push
 * feature registers the same URL and scope, which returns the same registration.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // A browser that refuses (private mode, an insecure origin) simply has no offline page.
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
}
