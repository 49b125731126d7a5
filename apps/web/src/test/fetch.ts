import { type Mock, vi } from 'vitest';

/** What the stand-in server does with one request; the URL as the API client sends it. */
export type FetchAnswer = (url: string, init: RequestInit) => Promise<Response> | Response;

/**
 * Stands in for the server: the global `fetch` answers with `answer`, and the mock is returned
 * so the test can read the calls. `afterEach(() => vi.unstubAllGlobals())` puts fetch back.
 */
export function stubFetch(answer: FetchAnswer): Mock<FetchAnswer> {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
