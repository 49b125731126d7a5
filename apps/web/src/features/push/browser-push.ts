import { SERVICE_WORKER_URL } from '../../lib/service-worker.ts';
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from './api/push-subscriptions.ts';

/**
 * Web Push in this browser. The service worker (public/sw.js) is registered on every
 * page (lib/service-worker.ts); the subscription is made only when the person turns push on, and
 * permission is asked only from that click, never on load.
 */

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The registration for our scope, without registering one. */
async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

/** Whether this browser currently receives our pushes. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await existingRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** base64url → the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks permission (call from a click), registers the worker, subscribes and tells the server. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await getPushPublicKey();
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another server key (keys were replaced) cannot receive our pushes.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && !sameBytes(new Uint8Array(key), keyBytes(publicKey))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await savePushSubscription(subscription.toJSON());
  return 'on';
}

/** Tells the server to stop, then drops the browser's subscription. */
export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await (await existingRegistration())?.pushManager.getSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * Signing out: this browser stops receiving the account's pushes (a shared computer must not show
 * the next person someone else's notifications). Never holds the sign-out up for more than 2 s.
 */
export async function forgetPushOnSignOut(): Promise<void> {
  if (!pushSupported()) return;
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 2000));
  await Promise.race([disablePush().then(() => undefined), timeout]).catch(() => undefined);
}
