import { afterEach, expect, it, vi } from 'vitest';
import { setCurrentIntl } from '../../../lib/i18n/intl.tsx';
import { createAppIntl } from '../../../lib/i18n/load.ts';
import { jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { register } from './register.ts';

afterEach(() => vi.unstubAllGlobals());

async function registeredBody(): Promise<unknown> {
  const fetchMock = stubFetch(async (_url: string, _init: RequestInit) => jsonResponse({}, 201));
  await register({ fullName: 'Greta Sprache', email: 'greta@example.com', password: 'Secret123' });
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('/api/auth/register');
  return JSON.parse(String(init?.body));
}

it('sends the language the app is shown in, so the account and its e-mails start in it', async () => {
  setCurrentIntl(createAppIntl('de', {}), 'de');
  expect(await registeredBody()).toEqual({
    fullName: 'Greta Sprache',
    email: 'greta@example.com',
    password: 'Secret123',
    locale: 'de',
  });
});

it('leaves the language to the browser’s Accept-Language under the pseudo-locale', async () => {
  setCurrentIntl(createAppIntl('en-XA', {}), 'en-XA');
  expect(await registeredBody()).toEqual({
    fullName: 'Greta Sprache',
    email: 'greta@example.com',
    password: 'Secret123',
  });
});
