import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page, request } from '@playwright/test';
import { ADMIN_EMAIL, e2eEnv } from './env.ts';
import { waitForLink } from './mailbox.ts';

/**
 * Test data is made through the public API, one account per need. The server allows 10
 * registrations per IP per hour, so read-only tests share one worker-scoped member.
 */

export interface Account {
  id: string;
  email: string;
  password: string;
  username: string | undefined;
  fullName: string;
  accessToken: string;
  refreshToken: string;
}

let seq = 0;

/**
 * A different client address per account (see TRUST_PROXY in global-setup.ts). Workers that run
 * at the same time differ in their parallel index (the second octet's last bit); a worker started
 * again later has a new process id.
 */
const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
function nextClientIp(): string {
  seq += 1;
  const octet = ((process.pid % 64) * 4 + (worker % 4)) % 250;
  return `10.${octet}.${Math.floor(seq / 250) % 250}.${(seq % 250) + 1}`;
}

/** A short suffix, different each time, that keeps a name unique across runs. */
export const unique = () => Date.now().toString(36).slice(-5);

export function uniqueEmail(prefix = 'neighbour'): string {
  seq += 1;
  return `${prefix}.${randomBytes(6).toString('hex')}@e2e.townsquare.test`;
}

interface CreateAccountOptions {
  email?: string;
  password?: string;
  fullName?: string;
  /** Completes profile setup (username, roles, interests) right away. */
  complete?: boolean;
  /** Follows the welcome mail's link, so the account may publish events and ADMIN_EMAILS may apply (default true). */
  verified?: boolean;
}

export async function createAccount(options: CreateAccountOptions = {}): Promise<Account> {
  const api = await request.newContext({ baseURL: e2eEnv.baseUrl });
  try {
    const email = options.email ?? uniqueEmail();
    // One client address per account, for every call it makes here (the server throttles per address).
    const clientIp = nextClientIp();
    const password = options.password ?? 'correct-horse-battery';
    const fullName = options.fullName ?? 'Jamie Rivera';
    const registered = await api.post('/api/auth/register', {
      data: { fullName, email, password },
      headers: { 'X-Forwarded-For': clientIp },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const body = (await registered.json()) as {
      accessToken: string;
      refreshToken: string;
      user: { id: string };
    };
    let username: string | undefined;
    if (options.complete ?? true) {
      username = `jamie_${randomBytes(5).toString('hex')}`;
      const updated = await api.put('/api/users/me', {
        headers: { Authorization: `Bearer ${body.accessToken}` },
        data: {
          username,
          roles: ['Member', 'Club_Founder'],
          interests: ['Hiking', 'Board Games'],
          bio: 'Organises the Thursday board-game night at the library.',
        },
      });
      expect(updated.status(), await updated.text()).toBe(200);
    }
    if (options.verified ?? true) {
      const token = new URL(await waitForLink(email, '/verify-email')).searchParams.get('token');
      const verified = await api.post('/api/auth/verify-email', {
        data: { token },
        headers: { 'X-Forwarded-For': clientIp },
      });
      expect(verified.status(), await verified.text()).toBe(200);
    }
    return {
      id: body.user.id,
      email,
      password,
      username,
      fullName,
      accessToken: body.accessToken,
      refreshToken: body.refreshToken,
    };
  } finally {
    await api.dispose();
  }
}

/** One account for each full name, made at once (each calls from its own client address). */
export async function createAccounts<const Names extends readonly string[]>(
  ...fullNames: Names
): Promise<{ [K in keyof Names]: Account }> {
  const accounts = await Promise.all(fullNames.map((fullName) => createAccount({ fullName })));
  return accounts as { [K in keyof Names]: Account }; // one account per name, in order
}

/** A published event a few days ahead, made through the API as `host`; answers its id. */
export async function createLiveEvent(
  host: Pick<Account, 'accessToken'>,
  fields: { title: string; description: string; location: string; allowGuestRsvp?: boolean },
): Promise<string> {
  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${host.accessToken}` },
  });
  try {
    const start = new Date(Date.now() + 4 * 86_400_000);
    const created = await api.post('/api/events', {
      data: {
        ...fields,
        title: `${fields.title} ${Date.now().toString(36).slice(-5)}`,
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        status: 'LIVE',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { event: { id: string } }).event.id;
  } finally {
    await api.dispose();
  }
}

/** Calls the API as `account`: an answer of 300 or more fails the test; answers the JSON body. */
export async function apiAs<T>(
  account: Pick<Account, 'accessToken'>,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: object,
): Promise<T> {
  const context = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${account.accessToken}` },
  });
  try {
    const response = await context[method](url, data ? { data } : undefined);
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as T;
  } finally {
    await context.dispose();
  }
}

/**
 * A published public event made through the API as `host`: it starts `hoursAhead` from now at
 * the full hour and lasts `hours`; `fields` give its title, description, place and the rest.
 */
export async function createPublicEvent(
  host: Pick<Account, 'accessToken'>,
  { hoursAhead, hours }: { hoursAhead: number; hours: number },
  fields: { title: string; description: string; location: string } & Record<string, unknown>,
): Promise<{ id: string }> {
  const start = new Date(Date.now() + hoursAhead * 3_600_000);
  start.setMinutes(0, 0, 0);
  const { event } = await apiAs<{ event: { id: string } }>(host, 'post', '/api/events', {
    ...fields,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + hours * 3_600_000).toISOString(),
    status: 'LIVE',
    visibility: 'PUBLIC',
  });
  return event;
}

/**
 * A host, a first and a second neighbour (named in that order) and the host's public event with
 * one place, `daysAhead` from now for two hours; the first neighbour has taken the place. The next
 * in line is offered a freed place for 12 hours.
 */
export async function onePlaceEvent(
  names: [string, string, string],
  {
    daysAhead,
    ...fields
  }: { daysAhead: number; title: string; description: string; location: string; timeZone?: string },
) {
  const [host, first, second] = await Promise.all(names.map((fullName) => createAccount({ fullName })));
  const hoursAhead = daysAhead * 24;
  const event = await createPublicEvent(
    host!,
    { hoursAhead, hours: 2 },
    { ...fields, capacity: 1, offerHours: 12 },
  );
  await apiAs(first!, 'post', `/api/events/${event.id}/rsvp`, { status: 'going' });
  return { host: host!, first: first!, second: second!, event };
}

/** A fresh token pair for an existing account (sign-ins that succeed are not rate limited). */
export async function freshTokens(account: Pick<Account, 'email' | 'password'>) {
  const api = await request.newContext({ baseURL: e2eEnv.baseUrl });
  try {
    const response = await api.post('/api/auth/login', {
      data: { identifier: account.email, password: account.password },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { accessToken: string; refreshToken: string };
  } finally {
    await api.dispose();
  }
}

/**
 * The platform admin (`ADMIN_EMAILS` in global-setup.ts): one account for the whole suite, made
 * by whichever spec needs it first and signed in to by the others.
 */
export async function platformAdmin(): Promise<Pick<Account, 'email' | 'password' | 'fullName'>> {
  const password = 'correct-horse-battery';
  const fullName = 'Townsquare Team';
  const api = await request.newContext({ baseURL: e2eEnv.baseUrl });
  try {
    const login = await api.post('/api/auth/login', { data: { identifier: ADMIN_EMAIL, password } });
    if (login.ok()) return { email: ADMIN_EMAIL, password, fullName };
  } finally {
    await api.dispose();
  }
  const made = await createAccount({ email: ADMIN_EMAIL, password, fullName, verified: true });
  return { email: made.email, password: made.password, fullName };
}

/** Puts a session into the browser the way the app stores it, then opens `path`. */
export async function signInAs(
  page: Page,
  account: Pick<Account, 'email' | 'password'>,
  path = '/dashboard',
) {
  const tokens = await freshTokens(account);
  await page.goto('/about');
  await page.evaluate(
    ([accessToken, refreshToken]) => {
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('refreshToken', refreshToken);
    },
    [tokens.accessToken, tokens.refreshToken] as const,
  );
  await page.goto(path);
}

export async function signInWithForm(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const test = base.extend<object, { member: Account }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(e2eEnv.baseUrl);
  },
  member: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      await use(await createAccount({ fullName: 'Morgan Lee' }));
    },
    { scope: 'worker' },
  ],
});

export { expect };
