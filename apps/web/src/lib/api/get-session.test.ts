import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { createSelfUser, jsonResponse } from '../../test/factories.ts';
import { stubFetch } from '../../test/fetch.ts';
import { sessionQueryOptions } from './get-session.ts';

afterEach(() => vi.unstubAllGlobals());

const signedIn = () => {
  localStorage.setItem('accessToken', 'access');
  localStorage.setItem('refreshToken', 'refresh');
};
/** The server answers with `answers` in turn, then with `last` for ever. */
const serverAnswers = (answers: Response[], last: () => Response) =>
  stubFetch(async () => answers.shift() ?? last());
const check = () =>
  new QueryClient().fetchQuery({ ...sessionQueryOptions(), retryDelay: 0 }).catch(() => 'failed');

it('a busy or failing server leaves the visitor signed in: the check is tried again', async () => {
  signedIn();
  const me = createSelfUser({ id: 'me' });
  serverAnswers(
    [
      jsonResponse({ message: 'Too many requests' }, 429),
      jsonResponse({ message: 'Service unavailable' }, 503),
      jsonResponse({ user: me }),
    ],
    () => jsonResponse({}, 500),
  );
  expect(await check()).toEqual(me);
  expect(localStorage.getItem('refreshToken')).toBe('refresh');
});

it('a server failing on every try keeps the tokens for the next load', async () => {
  signedIn();
  serverAnswers([], () => jsonResponse({ message: 'Internal server error' }, 500));
  expect(await check()).toBe('failed');
  expect(localStorage.getItem('accessToken')).toBe('access');
  expect(localStorage.getItem('refreshToken')).toBe('refresh');
});

it('a refused session signs the visitor out', async () => {
  signedIn();
  serverAnswers([], () => jsonResponse({ message: 'Your session has expired. Please sign in again.' }, 401));
  expect(await check()).toBeNull();
  expect(localStorage.getItem('accessToken')).toBeNull();
  expect(localStorage.getItem('refreshToken')).toBeNull();
});
