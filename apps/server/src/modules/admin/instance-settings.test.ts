import {
  adminInstanceResponse,
  communityResponse,
  eventResponse,
  instanceResponse,
  MSG,
} from '@townsquare/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  createUser,
  followVerificationLink,
  requestAs,
  type TestUser,
  unique,
} from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createInstanceSettings } from './instance-settings.ts';

/**
 * Instance settings (decision 082): on the first start an admin sets the instance's name, default
 * language, time zone and currency; an environment variable that is set wins and is locked. A
 * community may choose its own currency for its events.
 */
const t = useTestApp({ env: { ADMIN_EMAILS: 'chief@example.com' } });
let admin: TestUser;
let member: TestUser;

async function adminOf(app: typeof t): Promise<TestUser> {
  const user = await createUser(app, { email: 'chief@example.com', fullName: 'Chief Admin' });
  // ADMIN_EMAILS grants the flag once the address is verified.
  await followVerificationLink(app, user.email);
  return user;
}

beforeAll(async () => {
  admin = await adminOf(t);
  member = await createUser(t, { verified: true });
});

describe('instance settings', () => {
  it('start unset with the defaults, are saved by an admin only, and reach every client', async () => {
    const inject = requestAs(t);
    const first = instanceResponse.parse((await inject('GET', '/api/instance')).json());
    expect(first).toMatchObject({
      name: 'Townsquare',
      defaultLocale: 'en',
      timeZone: 'UTC',
      currency: 'USD',
    });
    expect(first.configured).toBe(false);

    expect((await inject('PUT', '/api/admin/instance', member, { currency: 'EUR' })).statusCode).toBe(403);
    const bad = await inject('PUT', '/api/admin/instance', admin, { currency: 'EURO' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.currencyInvalid);
    const zone = await inject('PUT', '/api/admin/instance', admin, { timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);

    const saved = await inject('PUT', '/api/admin/instance', admin, {
      name: 'Kiez Treff',
      defaultLocale: 'de',
      timeZone: 'Europe/Berlin',
      currency: 'eur',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(adminInstanceResponse.parse(saved.json())).toEqual({
      settings: { name: 'Kiez Treff', defaultLocale: 'de', timeZone: 'Europe/Berlin', currency: 'EUR' },
      locked: { name: false, defaultLocale: false, timeZone: false, currency: false },
      configured: true,
    });
    expect(instanceResponse.parse((await inject('GET', '/api/instance')).json())).toMatchObject({
      name: 'Kiez Treff',
      defaultLocale: 'de',
      timeZone: 'Europe/Berlin',
      currency: 'EUR',
      configured: true,
    });
    // A second save changes only what it sends.
    await inject('PUT', '/api/admin/instance', admin, { name: 'Kiez Treff Neukölln' });
    const read = adminInstanceResponse.parse((await inject('GET', '/api/admin/instance', admin)).json());
    expect(read.settings).toMatchObject({ name: 'Kiez Treff Neukölln', currency: 'EUR' });
  });

  it('a community sets its own currency, which its events carry', async () => {
    const inject = requestAs(t);
    const created = await inject('POST', '/api/communities', member, { name: unique('Lisbon walkers ') });
    const club = communityResponse.parse(created.json()).community;
    expect(club.currency).toBeNull();
    const bad = await inject('PATCH', `/api/communities/${club.slug}`, member, { currency: 'XX' });
    expect(bad.statusCode).toBe(400);
    const set = await inject('PATCH', `/api/communities/${club.slug}`, member, { currency: 'chf' });
    expect(set.statusCode, set.body).toBe(200);
    expect(communityResponse.parse(set.json()).community.currency).toBe('CHF');
    const start = Date.now() + 3 * 86_400_000;
    const made = await inject('POST', '/api/events', member, {
      title: 'Walk along the river',
      description: 'Bring water',
      location: 'Cais do Sodré',
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 7_200_000).toISOString(),
      cost: 5,
      communityId: club.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(eventResponse.parse(made.json()).event.community?.currency).toBe('CHF');
    const cleared = await inject('PATCH', `/api/communities/${club.slug}`, member, { currency: null });
    expect(communityResponse.parse(cleared.json()).community.currency).toBeNull();
  });
});

describe('instance settings from the environment', () => {
  it('win over the admin area and are locked there', async () => {
    // The environment as loadConfig reads it (config.test.ts), on this app's database.
    const env = loadConfig({ CURRENCY: 'gbp', INSTANCE_NAME: 'Harbour Town' }).instanceEnv;
    expect(env).toEqual({ name: 'Harbour Town', currency: 'GBP' });
    const settings = createInstanceSettings({ db: t.db, env, map: undefined });
    const read = await settings.read();
    expect(read.settings).toMatchObject({ name: 'Harbour Town', currency: 'GBP' });
    expect(read.locked).toEqual({ name: true, defaultLocale: false, timeZone: false, currency: true });
    await expect(
      settings.update({ currency: 'EUR', timeZone: 'Europe/Lisbon' }, admin.user.id),
    ).rejects.toThrow(MSG.instanceSettingLocked);
    const saved = await settings.update({ timeZone: 'Europe/Lisbon' }, admin.user.id);
    expect(saved.settings).toMatchObject({
      name: 'Harbour Town',
      currency: 'GBP',
      timeZone: 'Europe/Lisbon',
    });
    expect(await settings.publicView()).toMatchObject({ name: 'Harbour Town', currency: 'GBP' });
  });
});
