import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeSocket, type FakeSocket } from '../test/fake-socket.ts';
import { configureApiClient, SIGNED_OUT_REASON_KEY, tokenStore } from './api-client.ts';
import { connectSocket, disconnectSocket } from './socket.ts';

// The socket library is replaced by a stand-in the test plays server events on.
const fake = vi.hoisted(() => ({ socket: null as FakeSocket | null }));
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = Object.assign(fake.socket ?? {}, {
      active: true,
      connect: vi.fn(),
      disconnect: vi.fn(),
      emit: vi.fn(),
    });
    return socket;
  },
}));

afterEach(() => {
  disconnectSocket();
  sessionStorage.clear();
});

describe('socket: a session ended from another device', () => {
  it('forgets the tokens and sends the page to sign-in with the reason', async () => {
    fake.socket = createFakeSocket();
    tokenStore.setTokens('access', 'refresh');
    const redirectToLogin = vi.fn();
    const onSessionExpired = vi.fn();
    configureApiClient({ redirectToLogin, onSessionExpired });
    await connectSocket();
    fake.socket.receive('session-ended', { reason: 'signed-out-elsewhere' });
    expect(tokenStore.getAccessToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalled();
    expect(redirectToLogin).toHaveBeenCalled();
    expect(sessionStorage.getItem(SIGNED_OUT_REASON_KEY)).toBe(
      'You were signed out on this device from another one (for example with “Sign out everywhere else” or a password change). Sign in again to continue.',
    );
  });
});
