import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../test/factories.ts';
import {
  ApiError,
  api,
  configureApiClient,
  errorMessage,
  INVALID_TOKEN_MESSAGE,
  takeSignedOutReason,
  tokenStore,
} from './api-client.ts';

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.[name];
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let fetchMock: ReturnType<typeof vi.fn<Handler>>;
const redirectToLogin = vi.fn();
const onSessionExpired = vi.fn();
const onSessionRefreshed = vi.fn();

function useServer(handler: Handler) {
  fetchMock = vi.fn<Handler>(handler);
  vi.stubGlobal('fetch', fetchMock);
}

function calls(path: string) {
  return fetchMock.mock.calls.filter(([url]) => url === path);
}

beforeEach(() => {
  window.history.pushState({}, '', '/dashboard');
  redirectToLogin.mockReset();
  onSessionExpired.mockReset();
  onSessionRefreshed.mockReset();
  configureApiClient({ redirectToLogin, onSessionExpired, onSessionRefreshed });
  tokenStore.setTokens('old-access', 'old-refresh');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client: bearer header', () => {
  it('adds the bearer token to ordinary requests but not to login, register or refresh', async () => {
    useServer(() => jsonResponse({ ok: true }));
    await api.get('/api/users/me');
    await api.post('/api/auth/login', { identifier: 'a', password: 'b' });
    await api.post('/api/auth/register', {});
    await api.post('/api/auth/refresh', {});
    const [me, login, register, refresh] = fetchMock.mock.calls.map(([, init]) =>
      header(init, 'Authorization'),
    );
    expect(me).toBe('Bearer old-access');
    expect(login).toBeUndefined();
    expect(register).toBeUndefined();
    expect(refresh).toBeUndefined();
  });

  it('turns the error body into an ApiError carrying the server message', async () => {
    useServer(() =>
      jsonResponse({ statusCode: 409, error: 'Conflict', message: 'Email already registered' }, 409),
    );
    const error = await api.post('/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Email already registered' });
  });

  it('does not try to refresh when login itself answers 401', async () => {
    useServer(() =>
      jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' }, 401),
    );
    await expect(api.post('/api/auth/login', {})).rejects.toThrow('Invalid credentials');
    expect(calls('/api/auth/refresh')).toHaveLength(0);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});

describe('api client: response headers', () => {
  it('gives the body and the headers of the final response, after a refresh too', async () => {
    useServer((url, init) => {
      if (url === '/api/auth/refresh') return jsonResponse({ accessToken: 'new-access', refreshToken: 'r' });
      if (header(init, 'Authorization') !== 'Bearer new-access') {
        return jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401);
      }
      return jsonResponse([{ id: 'm1' }], 200, { 'X-Next-Before': 'm0' });
    });
    const { data, headers } = await api.getWithHeaders<Array<{ id: string }>>('/api/messages/u1');
    expect(data).toEqual([{ id: 'm1' }]);
    expect(headers.get('X-Next-Before')).toBe('m0');
  });
});

describe('api client: refresh on 401', () => {
  it('refreshes once for concurrent 401s, queues the others and retries all with the new token', async () => {
    const refreshGate = deferred<void>();
    const user = createSelfUser();
    useServer(async (url, init) => {
      if (url === '/api/auth/refresh') {
        await refreshGate.promise;
        return jsonResponse({ accessToken: 'new-access', refreshToken: 'new-refresh', user });
      }
      if (header(init, 'Authorization') !== 'Bearer new-access') {
        return jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401);
      }
      return jsonResponse({ path: url });
    });

    const requests = [api.get('/api/a'), api.get('/api/b'), api.get('/api/c')];
    await vi.waitFor(() => expect(calls('/api/auth/refresh')).toHaveLength(1));
    // Let the other two 401s arrive and join the queue while the refresh is still running.
    await new Promise((r) => setTimeout(r, 10));
    refreshGate.resolve();

    await expect(Promise.all(requests)).resolves.toEqual([
      { path: '/api/a' },
      { path: '/api/b' },
      { path: '/api/c' },
    ]);
    expect(calls('/api/auth/refresh')).toHaveLength(1);
    expect(JSON.parse(String(calls('/api/auth/refresh')[0]?.[1].body))).toEqual({
      refreshToken: 'old-refresh',
    });
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      expect(calls(path).map(([, init]) => header(init, 'Authorization'))).toEqual([
        'Bearer old-access',
        'Bearer new-access',
      ]);
    }
    // Refresh tokens rotate: the new one replaces the spent one.
    expect(tokenStore.getAccessToken()).toBe('new-access');
    expect(tokenStore.getRefreshToken()).toBe('new-refresh');
    expect(onSessionRefreshed).toHaveBeenCalledWith(user, 'new-access');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('rejects every queued request with "Invalid token received" when the new token is not a string', async () => {
    const refreshGate = deferred<void>();
    useServer(async (url) => {
      if (url === '/api/auth/refresh') {
        await refreshGate.promise;
        return jsonResponse({ accessToken: 12345, refreshToken: 'new-refresh' });
      }
      return jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401);
    });

    const results = [api.get('/api/a'), api.get('/api/b'), api.get('/api/c')].map((p) =>
      p.then(
        () => 'resolved',
        (e: unknown) => (e instanceof Error ? e.message : 'not an error'),
      ),
    );
    await vi.waitFor(() => expect(calls('/api/auth/refresh')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10));
    refreshGate.resolve();

    expect(await Promise.all(results)).toEqual([
      INVALID_TOKEN_MESSAGE,
      INVALID_TOKEN_MESSAGE,
      INVALID_TOKEN_MESSAGE,
    ]);
    expect(calls('/api/auth/refresh')).toHaveLength(1);
    expect(tokenStore.getAccessToken()).toBeNull();
  });

  it('clears both tokens and goes to /login when the refresh fails', async () => {
    useServer((url) =>
      url === '/api/auth/refresh'
        ? jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid refresh token' }, 401)
        : jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401),
    );
    const results = await Promise.allSettled([api.get('/api/a'), api.get('/api/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls('/api/auth/refresh')).toHaveLength(1);
    expect(tokenStore.getAccessToken()).toBeNull();
    expect(tokenStore.getRefreshToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('keeps the reason a suspended session ended for the sign-in page, once', async () => {
    const suspended = 'This account is suspended until 3 December 2026.';
    useServer((url) =>
      url === '/api/auth/refresh'
        ? jsonResponse({ statusCode: 403, error: 'Forbidden', message: suspended }, 403)
        : jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401),
    );
    await expect(api.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(takeSignedOutReason()).toBe(suspended);
    expect(takeSignedOutReason()).toBeNull();
  });

  it('tells a page without a socket that another device ended its session', async () => {
    useServer((url) =>
      url === '/api/auth/refresh'
        ? jsonResponse(
            {
              statusCode: 401,
              error: 'Unauthorized',
              message: 'Invalid refresh token',
              code: 'SESSION_ENDED_ELSEWHERE',
            },
            401,
          )
        : jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401),
    );
    await expect(api.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(takeSignedOutReason()).toMatch(/^You were signed out on this device from another one/);
  });

  it('keeps no reason when the session simply expired', async () => {
    useServer(() => jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401));
    await expect(api.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(takeSignedOutReason()).toBeNull();
  });

  it('goes to /login without calling refresh when no refresh token is stored', async () => {
    localStorage.removeItem('refreshToken');
    useServer(() => jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401));
    await expect(api.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(calls('/api/auth/refresh')).toHaveLength(0);
    expect(tokenStore.getAccessToken()).toBeNull();
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('does not redirect when the user is already on /login', async () => {
    window.history.pushState({}, '', '/login');
    localStorage.removeItem('refreshToken');
    useServer(() => jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401));
    await expect(api.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(tokenStore.getAccessToken()).toBeNull();
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('replays a request only once: a second 401 is returned to the caller', async () => {
    useServer((url) =>
      url === '/api/auth/refresh'
        ? jsonResponse({ accessToken: 'new-access', refreshToken: 'new-refresh' })
        : jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' }, 401),
    );
    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(calls('/api/a')).toHaveLength(2);
    expect(calls('/api/auth/refresh')).toHaveLength(1);
  });
});

/** Makes German, with only `messages` (id → ICU text), the current language. */
async function speakGerman(messages: Record<string, string>) {
  const { parse } = await import('@formatjs/icu-messageformat-parser');
  const { setCurrentIntl } = await import('./i18n/intl.tsx');
  const { createAppIntl } = await import('./i18n/load.ts');
  const german = createAppIntl(
    'de',
    Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)])),
  );
  setCurrentIntl(german, 'de');
}

describe('errorMessage: localised by the error code', () => {
  it('shows errors.<code> from the catalogs when it exists, else the server message', async () => {
    await speakGerman({ 'errors.EMAIL_TAKEN': 'Diese E-Mail-Adresse wird schon verwendet' });
    const taken = new ApiError(409, 'Email already in use', { code: 'EMAIL_TAKEN', message: 'x' });
    const other = new ApiError(400, 'Title is required', { code: 'UNKNOWN_CODE' });
    const noCode = new ApiError(400, 'Bad request', { message: 'Bad request' });
    expect(errorMessage(taken, 'fallback')).toBe('Diese E-Mail-Adresse wird schon verwendet');
    expect(errorMessage(other, 'fallback')).toBe('Title is required');
    expect(errorMessage(noCode, 'fallback')).toBe('Bad request');
    expect(errorMessage(new ApiError(500, 'boom', { code: 'EMAIL_TAKEN' }), 'fallback')).toBe('fallback');
  });

  it('fills in the params the server sends, and keeps the server text for a generic code', async () => {
    await speakGerman({
      'errors.CAPACITY_ALREADY_CHECKED_IN': 'Schon eingecheckt um {when}',
      'errors.BAD_REQUEST': 'Ungültige Anfrage',
    });
    const twice = new ApiError(409, 'Already checked in at 21:21 CET', {
      code: 'CAPACITY_ALREADY_CHECKED_IN',
      params: { when: '21:21 CET' },
    });
    expect(errorMessage(twice, 'fallback')).toBe('Schon eingecheckt um 21:21 CET');
    // Without its params the catalog's text cannot be filled in: the server's words instead.
    const bare = new ApiError(409, 'Already checked in at 21:21 CET', {
      code: 'CAPACITY_ALREADY_CHECKED_IN',
    });
    expect(errorMessage(bare, 'fallback')).toBe('Already checked in at 21:21 CET');
    const specific = new ApiError(400, 'This calendar address cannot be fetched', { code: 'BAD_REQUEST' });
    expect(errorMessage(specific, 'fallback')).toBe('This calendar address cannot be fetched');
  });
});
