import { afterEach, describe, expect, it, vi } from 'vitest';
import { disablePush, enablePush, keyBytes, pushSupported } from './browser-push.ts';
import { PUBLIC_KEY, stubPushBrowser } from './test-browser.ts';

afterEach(() => vi.unstubAllGlobals());

describe('browser push', () => {
  it('decodes the base64url key', () => {
    expect(keyBytes(PUBLIC_KEY)).toHaveLength(65);
    expect([...keyBytes('AQID')]).toEqual([1, 2, 3]);
  });

  it('is unsupported without service workers', () => {
    expect(pushSupported()).toBe(false);
  });

  it('asks permission, registers /sw.js at scope /, subscribes with the server key and sends the subscription', async () => {
    const b = stubPushBrowser();
    expect(await enablePush()).toBe('on');
    expect(b.requestPermission).toHaveBeenCalledOnce();
    expect(b.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(b.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(PUBLIC_KEY),
    });
    const post = b.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/push/subscriptions'));
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      endpoint: b.subscription.endpoint,
    });
  });

  it('registers nothing when permission is refused', async () => {
    const b = stubPushBrowser('denied');
    expect(await enablePush()).toBe('denied');
    expect(b.serviceWorker.register).not.toHaveBeenCalled();
  });

  it('turning off deletes the subscription on the server and in the browser', async () => {
    const b = stubPushBrowser();
    await enablePush();
    expect(await disablePush()).toBe('off');
    const del = b.fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(String(del?.[1]?.body))).toEqual({ endpoint: b.subscription.endpoint });
    expect(b.subscription.unsubscribe).toHaveBeenCalled();
  });
});

describe('signing out', () => {
  it('drops the subscription, and does nothing where push is unsupported', async () => {
    const { forgetPushOnSignOut } = await import('./browser-push.ts');
    await expect(forgetPushOnSignOut()).resolves.toBeUndefined();
    const b = stubPushBrowser();
    await enablePush();
    await forgetPushOnSignOut();
    expect(b.subscription.unsubscribe).toHaveBeenCalled();
  });
});
