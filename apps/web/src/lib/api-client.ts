import type { SelfUser } from '@townsquare/contracts';
import { currentLocale, hasMessage, translate } from './i18n/intl.tsx';

/**
 * The one HTTP client of the web app (contract sections 1.2 and 5).
 *
 * - Adds `Authorization: Bearer <accessToken>` to every request except login, register and refresh.
 * - On a 401 it refreshes the session once; requests that fail while that refresh is running wait
 *   in a queue and are replayed with the new token. A replayed request is never refreshed again.
 * - If there is no refresh token, or the refresh fails, both tokens are removed and the user is sent
 *   to /login (unless already there).
 */

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

const API_ORIGIN: string = import.meta.env.VITE_API_URL ?? '';
const NO_BEARER_PATHS = ['/api/auth/login', '/api/auth/register', '/api/auth/refresh'];
export const INVALID_TOKEN_MESSAGE = 'Invalid token received';

export const tokenStore = {
  getAccessToken(): string | null {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  },
  getRefreshToken(): string | null {
    return localStorage.getItem(REFRESH_TOKEN_KEY);
  },
  setTokens(accessToken: string, refreshToken: string | undefined): void {
    localStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
    if (typeof refreshToken === 'string' && refreshToken)
      localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  },
  clear(): void {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  },
};

/** A failed request: `message` is the server's human text (error body `{statusCode, error, message}`). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly retryAfterSeconds: number | null;

  constructor(
    status: number,
    message: string,
    body: unknown = null,
    retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An error whose message is written for people (spec 8), safe to show as it is. */
export class DisplayError extends Error {
  override readonly name = 'DisplayError';
}

export interface ApiClientHandlers {
  /** The refresh answered with a user: keep the session's copy current. */
  onSessionRefreshed?: (user: SelfUser, accessToken: string) => void;
  /** Tokens were cleared because the session could not be renewed. */
  onSessionExpired?: () => void;
  /** Go to /login; the default reloads the page there, the app swaps in a router navigation. */
  redirectToLogin?: () => void;
}

let handlers: ApiClientHandlers = {};

export function configureApiClient(next: ApiClientHandlers): void {
  handlers = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function needsBearer(path: string): boolean {
  return !NO_BEARER_PATHS.some((p) => path.includes(p));
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (a file upload) is sent as the browser encodes it, with its own boundary.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token && needsBearer(path)) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_ORIGIN}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: form
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, translate('common.networkError'));
  }
}

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && message.length > 0) return message.map(String).join('. ');
  }
  return fallback;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toResult<T>(response: Response): Promise<T> {
  const body = await readBody(response);
  if (response.ok) return body as T;
  const retryAfter = Number(response.headers.get('Retry-After'));
  throw new ApiError(
    response.status,
    messageOf(body, response.statusText || `Request failed with status ${response.status}`),
    body ?? null,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

// --- The refresh queue -------------------------------------------------------------------------

interface Waiter {
  resolve: (token: unknown) => void;
  reject: (error: unknown) => void;
}

let refreshInFlight: Promise<string> | null = null;
let waiters: Waiter[] = [];

function settleWaiters(error: unknown, token?: unknown): void {
  const pending = waiters;
  waiters = [];
  for (const waiter of pending) {
    if (error) waiter.reject(error);
    else waiter.resolve(token);
  }
}

/** Why the last session ended, when the server said (a suspension): the sign-in page shows it once. */
export const SIGNED_OUT_REASON_KEY = 'signedOutReason';

/** Reads and forgets the reason the last session ended. */
export function takeSignedOutReason(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  const reason = sessionStorage.getItem(SIGNED_OUT_REASON_KEY);
  sessionStorage.removeItem(SIGNED_OUT_REASON_KEY);
  return reason;
}

/**
 * The server ended this session from another device and told the socket: forget the
 * tokens and go to the sign-in page, which shows `reason`.
 */
export function endSessionWithReason(reason: string): void {
  expireSession(reason);
}

function expireSession(reason?: string): void {
  if (reason && typeof sessionStorage !== 'undefined') sessionStorage.setItem(SIGNED_OUT_REASON_KEY, reason);
  tokenStore.clear();
  handlers.onSessionExpired?.();
  if (typeof window !== 'undefined' && !window.location.pathname.includes('/login')) {
    if (handlers.redirectToLogin) handlers.redirectToLogin();
    else window.location.assign('/login');
  }
}

/**
 * What the sign-in page says after a refresh failed: a 403 is a suspension, whose message (with
 * the end date) is worth showing; `SESSION_ENDED_ELSEWHERE`, that another device ended this
 * session, for a page with no socket to have heard it. Otherwise nothing.
 */
function signedOutReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 403) return error.message;
  const code = (error.body as { code?: unknown } | null)?.code;
  return code === 'SESSION_ENDED_ELSEWHERE' ? translate('auth.login.signedOutElsewhere') : undefined;
}

async function runRefresh(): Promise<string> {
  const refreshToken = tokenStore.getRefreshToken();
  if (!refreshToken) throw new ApiError(401, 'Your session has expired. Please sign in again.');
  // Plain fetch, no bearer header: the refresh token is the credential.
  const response = await send('/api/auth/refresh', { method: 'POST', body: { refreshToken } }, null);
  const data = await toResult<{ accessToken?: unknown; refreshToken?: unknown; user?: SelfUser }>(response);
  if (typeof data?.accessToken !== 'string' || !data.accessToken) throw new Error(INVALID_TOKEN_MESSAGE);
  // Refresh tokens rotate: the one we just sent is spent, so always keep the new one.
  tokenStore.setTokens(
    data.accessToken,
    typeof data.refreshToken === 'string' ? data.refreshToken : undefined,
  );
  if (data.user) handlers.onSessionRefreshed?.(data.user, data.accessToken);
  return data.accessToken;
}

/** Resolves with a fresh access token; concurrent callers share one refresh call. */
function refreshAccessToken(): Promise<string> {
  if (refreshInFlight) {
    return new Promise<unknown>((resolve, reject) => waiters.push({ resolve, reject })).then((token) => {
      if (typeof token !== 'string') throw new Error(INVALID_TOKEN_MESSAGE);
      return token;
    });
  }
  refreshInFlight = runRefresh()
    .then((token) => {
      settleWaiters(null, token);
      return token;
    })
    .catch((error: unknown) => {
      settleWaiters(error);
      expireSession(signedOutReason(error));
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/** Sends one request through the session machinery and returns the final response. */
async function execute(path: string, options: RequestOptions): Promise<Response> {
  const usedToken = tokenStore.getAccessToken();
  const response = await send(path, options, usedToken);
  if (response.status !== 401 || !needsBearer(path)) return response;

  const current = tokenStore.getAccessToken();
  let token: string;
  if (current && current !== usedToken && !refreshInFlight) {
    // Another request renewed the session while this one was on the wire: just replay it.
    token = current;
  } else {
    await response.body?.cancel().catch(() => undefined);
    token = await refreshAccessToken();
  }
  return send(path, options, token);
}

/** Sends one request through the session machinery and returns the parsed JSON body. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return toResult<T>(await execute(path, options));
}

/**
 * The response itself, for answers that are files (a zip) or may be (200 file or 202 JSON); an
 * error answer throws the same ApiError as every other request.
 */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const response = await execute(path, options);
  if (!response.ok) await toResult(response);
  return response;
}

/** A parsed body together with the response headers (e.g. a paging cursor such as `X-Next-Before`). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** As `apiRequest`, for the few calls that also need to read response headers. */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const response = await execute(path, options);
  return { data: await toResult<T>(response), headers: response.headers };
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  getWithHeaders: <T>(path: string, signal?: AbortSignal) => apiRequestWithHeaders<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/**
 * The server's message for a rejected request, the network text when the server was unreachable,
 * else the screen's own fallback from the spec (a 5xx says nothing useful to the person).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof DisplayError) return error.message;
  if (!(error instanceof ApiError)) {
    return error instanceof Error && error.message === INVALID_TOKEN_MESSAGE ? error.message : fallback;
  }
  if (error.status === 0) return error.message;
  if (error.status < 500 && error.message) return localisedApiMessage(error);
  return fallback;
}

/**
 * An API error in the viewer's language: the catalogs' `errors.<code>` when the server named a
 * code the catalogs know, else the server's English `message`.
 */
/** The codes of `STATUS_CODES_GENERIC` in contracts (written out: that module is too big for the entry). */
const GENERIC_CODE =
  /^(?:BAD_REQUEST|UNAUTHORIZED|FORBIDDEN|NOT_FOUND|METHOD_NOT_ALLOWED|NOT_ACCEPTABLE|CONFLICT|GONE|PAYLOAD_TOO_LARGE|UNSUPPORTED_MEDIA_TYPE|UNPROCESSABLE|TOO_MANY_REQUESTS|INTERNAL_ERROR|SERVICE_UNAVAILABLE|VALIDATION_FAILED)$/;

export function localisedApiMessage(error: ApiError): string {
  const body = error.body as { code?: unknown; params?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : null;
  // A status's generic code (`BAD_REQUEST`, …) says less than the server's own text: keep that.
  if (!code || GENERIC_CODE.test(code)) return error.message;
  // A schema's refusal names its field by its path: in English the schema's own words read better.
  if (code.startsWith('VALIDATION_') && currentLocale() === 'en') return error.message;
  const id = `errors.${code}`;
  if (!hasMessage(id)) return error.message;
  // What a message built from a name or a time was filled in with ("Already checked in at {when}").
  const params =
    body?.params && typeof body.params === 'object' ? (body.params as Record<string, string>) : undefined;
  const text = translate(id, params);
  // A message the catalogs cannot fill in (a parameter missing) is shown as the server wrote it.
  return text === id ? error.message : text;
}
