import { afterEach, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { login } from './login.ts';

afterEach(() => vi.unstubAllGlobals());

it('sends the identifier lower-cased, without a bearer header', async () => {
  localStorage.setItem('accessToken', 'stale');
  const fetchMock = stubFetch(async (_url: string, _init: RequestInit) => jsonResponse({}));
  await login({ identifier: '  Jane.Doe@Example.COM ', password: 'Secret123' });
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/api/auth/login');
  expect(JSON.parse(String(init?.body))).toEqual({
    identifier: 'jane.doe@example.com',
    password: 'Secret123',
  });
  expect(new Headers(init?.headers).get('Authorization')).toBeNull();
});
