import {
  type AdminInstance,
  adminInstanceResponse,
  DEFAULT_LOCALE,
  type InstanceDto,
  type InstanceSettingsInput,
  instanceSettingsBody,
  type Locale,
  MSG,
} from '@townsquare/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instanceSettings } from '../../db/schema/index.ts';
import type { AuditWriter } from '../../platform/audit.ts';
import { conflict } from '../../platform/errors.ts';
import { type App, errors, routeOptions } from '../../platform/http.ts';
import { caller, type Guards } from '../../platform/request-user.ts';

/** What an instance is without environment variables and before an admin saved anything. */
const DEFAULTS = {
  name: 'Townsquare',
  defaultLocale: DEFAULT_LOCALE as Locale,
  timeZone: 'UTC',
  currency: 'USD',
};
type Settings = typeof DEFAULTS;
const KEYS = ['name', 'defaultLocale', 'timeZone', 'currency'] as const;

/** A process reads the saved row again after this long (another instance may have saved). */
const CACHE_MS = 30_000;

/**
 * The instance settings an admin sets on the first start (decision 082): its name, default
 * language, time zone and currency. An environment variable that is set wins and is locked in the
 * admin area; then the saved row; then the defaults.
 */
export function createInstanceSettings(deps: {
  db: Database;
  env: Partial<Settings>;
  map: InstanceDto['map'];
  now?: () => number;
}) {
  const { db, env } = deps;
  const now = deps.now ?? Date.now;
  let cached: { at: number; value: AdminInstance } | undefined;

  async function read(): Promise<AdminInstance> {
    if (cached && now() - cached.at < CACHE_MS) return cached.value;
    const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.id, true)).limit(1);
    const saved: Partial<Settings> = {
      ...(row?.name ? { name: row.name } : {}),
      ...(row?.defaultLocale ? { defaultLocale: row.defaultLocale as Locale } : {}),
      ...(row?.timeZone ? { timeZone: row.timeZone } : {}),
      ...(row?.currency ? { currency: row.currency } : {}),
    };
    const settings: Settings = { ...DEFAULTS, ...saved, ...env };
    const locked = Object.fromEntries(KEYS.map((k) => [k, env[k] !== undefined])) as AdminInstance['locked'];
    const value = { settings, locked, configured: row !== undefined };
    cached = { at: now(), value };
    return value;
  }

  return {
    read,

    /**
     * The instance's currency now, without waiting (a page's JSON-LD): the last read, read again
     * in the background once it is older than the cache allows.
     */
    currencyNow(): string {
      if (!cached || now() - cached.at >= CACHE_MS) void read().catch(() => undefined);
      return cached?.value.settings.currency ?? env.currency ?? DEFAULTS.currency;
    },

    /** GET /api/instance: what every client needs before showing a price, a date or the name. */
    async publicView(): Promise<InstanceDto> {
      const { settings, configured } = await read();
      return { ...settings, configured, ...(deps.map ? { map: deps.map } : {}) };
    },

    /** The admin saves some settings; one the environment sets is refused (409), nothing saved. */
    async update(input: InstanceSettingsInput, userId: string): Promise<AdminInstance> {
      const given = KEYS.filter((k) => input[k] !== undefined);
      if (given.some((k) => env[k] !== undefined)) throw conflict(MSG.instanceSettingLocked);
      const values = Object.fromEntries(given.map((k) => [k, input[k]]));
      await db
        .insert(instanceSettings)
        .values({ id: true, ...values, updatedBy: userId })
        .onConflictDoUpdate({
          target: instanceSettings.id,
          set: { ...values, updatedBy: userId, updatedAt: new Date() },
        });
      cached = undefined;
      return read();
    },
  };
}

export type InstanceSettings = ReturnType<typeof createInstanceSettings>;

/** GET and PUT /api/admin/instance, for platform admins; every save in the audit log. */
export function instanceSettingsRoutes(
  app: App,
  settings: InstanceSettings,
  guards: Guards,
  audit?: AuditWriter,
): void {
  const admin = routeOptions(['admin'], guards.requireAdmin);
  app.get(
    '/api/admin/instance',
    admin({ response: { 200: adminInstanceResponse, ...errors(401, 403) } }),
    () => settings.read(),
  );
  app.put(
    '/api/admin/instance',
    admin({
      body: instanceSettingsBody,
      response: { 200: adminInstanceResponse, ...errors(400, 401, 403, 409) },
    }),
    async (request) => {
      const me = caller(request).user;
      const saved = await settings.update(request.body, me.id);
      await audit?.({
        actorId: me.id,
        action: 'instance.settings',
        subjectType: 'instance',
        subjectId: 'settings',
        details: { ...request.body },
      });
      return saved;
    },
  );
}
