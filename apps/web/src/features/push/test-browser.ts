import { vi } from 'vitest';
import { jsonResponse } from '../../test/factories.ts';

export const PUBLIC_KEY = `B${'A'.repeat(86)}`; // 65 bytes, base64url

/** A browser with service workers and push: the subscription it hands out, and the calls made. */
export function stubPushBrowser(permission: NotificationPermission = 'granted') {
  const subscription = {
    endpoint: 'https://push.example.net/sub/1',
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://push.example.net/sub/1',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  let subscribed = false;
  const pushManager = {
    getSubscription: vi.fn(async () => (subscribed ? subscription : null)),
    subscribe: vi.fn(async () => {
      subscribed = true;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker });
  vi.stubGlobal('PushManager', class {});
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url.includes('public-key') ? jsonResponse({ publicKey: PUBLIC_KEY }) : jsonResponse({}, 201),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { serviceWorker, pushManager, subscription, requestPermission, fetchMock };
}
