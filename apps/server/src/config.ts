import { createPrivateKey } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { isLocale, isValidTimeZone, type Locale, MAP_TILE_DEFAULTS } from '@townsquare/contracts';
import { z } from 'zod';

/**
 * Every setting the server reads, from the environment, once, at start-up. Nothing else in the
 * server reads process.env. A bad value stops the process with one line naming the variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An optional setting, trimmed; blank is unset. */
const trimmed = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** An optional trimmed setting that must match `pattern` when set. */
const matching = (pattern: RegExp, message: string) =>
  trimmed.pipe(z.string().regex(pattern, message).optional());

const optionalUrl = (protocols: string[]) =>
  trimmed.pipe(
    z
      .url()
      .refine(
        (v) => protocols.some((p) => v.startsWith(`${p}:`)),
        `must start with ${protocols.join(': or ')}:`,
      )
      .optional(),
  );

const secret = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.string().min(32, 'must be at least 32 characters').optional());

/** A VAPID key as web-push prints it: base64url, `bytes` long once decoded. */
const vapidKey = (bytes: number, what: string) =>
  trimmed.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, `must be base64url, ${what}`)
      .refine((v) => Buffer.from(v, 'base64url').length === bytes, `must be base64url, ${what}`)
      .optional(),
  );

/** `30s`, `10m`, `24h`, `2d` → milliseconds. */
const DURATION = /^(\d{1,6})(s|m|h|d)$/;
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
export function parseDuration(value: string): number | undefined {
  const match = DURATION.exec(value.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 ? ms : undefined;
}

const duration = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || fallback)
    .transform((v, ctx) => {
      const ms = parseDuration(v);
      if (ms === undefined) {
        ctx.addIssue({ code: 'custom', message: 'must be a duration such as 30s, 10m, 24h or 2d' });
        return z.NEVER;
      }
      return ms;
    });

/** A comma-separated list: items trimmed, then `normalize`d; empty items dropped. */
const commaList = (normalize: (item: string) => string) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((item) => normalize(item.trim()))
        .filter(Boolean),
    );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  MIGRATE_ON_START: bool.default(true),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/, 'must be 1-40 letters, digits, colons, dots, dashes or underscores')
    .default('townsquare:'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Townsquare <no-reply@townsquare.local>'),
  // DKIM signing of outgoing mail (all three or none): the d= domain, the s= selector whose TXT
  // record at <selector>._domainkey.<domain> holds the public key, and the RSA private key (PEM;
  // `\n` escapes allowed, for env files that keep one line per variable).
  DKIM_DOMAIN: z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() || undefined)
    .pipe(
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          'must be a domain name such as example.org',
        )
        .optional(),
    ),
  DKIM_SELECTOR: matching(
    /^[A-Za-z0-9]([A-Za-z0-9_-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*$/,
    'must be a DNS label such as mail2026',
  ),
  DKIM_PRIVATE_KEY: z
    .string()
    .optional()
    .transform((v) => v?.trim().replaceAll('\\n', '\n') || undefined)
    .pipe(z.string().refine(isRsaPrivateKey, 'must be an RSA private key in PEM form').optional()),
  JWT_SECRET: secret,
  UPLOAD_SIGNING_SECRET: secret,
  // The link signing ring (decision 066): the first secret signs, every one verifies.
  LINK_SIGNING_SECRETS: commaList((s) => s).pipe(
    z
      .array(z.string().min(32, 'must be a comma-separated list of secrets of at least 32 characters each'))
      .refine((list) => new Set(list).size === list.length, 'must not list a secret twice'),
  ),
  LINK_SIGNING_LEGACY: bool.default(true),
  ADMIN_EMAILS: commaList((e) => e.toLowerCase()).pipe(
    z.array(z.email('must be a comma-separated list of e-mail addresses')),
  ),
  SEED_DEMO: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): boolean | number | string => {
      const value = v.trim();
      if (value === '' || value === 'false' || value === '0') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      if (/^[0-9a-fA-F.:/,\s]+$/.test(value)) return value;
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false, a hop count, or a list of proxy addresses',
      });
      return z.NEVER;
    }),
  CORS_ORIGINS: commaList((o) => o.replace(/\/+$/, '')).pipe(
    z.array(z.url('must be a comma-separated list of origins such as https://example.org')),
  ),
  PUBLIC_HOSTS: commaList((h) => h.toLowerCase()).pipe(
    z.array(
      z
        .string()
        .regex(
          /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/,
          'must be a comma-separated list of host names or addresses, each with an optional :port, such as 192.168.1.20:3000',
        ),
    ),
  ),
  CHAT_SEND_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
  // Costs are numbers; the instance says what they are in (ISO 4217, a code the runtime knows).
  CURRENCY: z
    .string()
    .optional()
    .transform((v) => v?.trim().toUpperCase() || 'USD')
    .pipe(
      z
        .string()
        .refine(
          (code) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code),
          'must be an ISO 4217 currency code such as USD, EUR or GBP',
        ),
    ),
  // What an admin otherwise sets in the admin area (decision 082); set here, it is locked there.
  INSTANCE_NAME: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.string().max(80, 'must be at most 80 characters').optional()),
  DEFAULT_LOCALE: z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() || undefined)
    .pipe(z.string().refine(isLocale, 'must be one of en, es, de, fr').optional()),
  DEFAULT_TIME_ZONE: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.string().refine(isValidTimeZone, 'must be an IANA time zone such as Europe/Berlin').optional()),
  // Map tiles: an https (or http for a local server) URL with {z}, {x} and {y}.
  MAP_TILE_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || MAP_TILE_DEFAULTS.tileUrl)
    .pipe(
      z
        .string()
        .refine(
          (url) =>
            /^https?:\/\/[^/\s]+\/\S*$/.test(url) && ['{z}', '{x}', '{y}'].every((p) => url.includes(p)),
          'must be an http(s) URL containing {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        ),
    ),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .optional()
    .transform((v) => v?.trim() || MAP_TILE_DEFAULTS.attribution),
  MAP_TILE_ATTRIBUTION_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || MAP_TILE_DEFAULTS.attributionUrl)
    .pipe(z.string().url('must be a URL')),
  // Empty (as in .env.example) means the default: half the cores, at least one.
  IMAGE_CONCURRENCY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || String(Math.max(1, Math.floor(os.availableParallelism() / 2))))
    .pipe(z.coerce.number<string>().int().min(1).max(64)),
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  IMAGE_NICE: z.coerce.number().int().min(0).max(19).default(19),
  // At most 10 minutes: the import job expires at 15 (club-io.service.ts) and must not be retried mid-read.
  IMPORT_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  SOCKETS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  SOCKET_EVENTS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(60),
  SOCKET_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(30),
  SOCKET_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(300),
  // Signed-out reads anyone can flood (decision 062). 0 switches each off: for benchmarks that
  // measure the unprotected server (bench/abuse.ts) and tests that need fresh data.
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(1),
  /** Seconds the public cache keeps a signed-out page or answer (decision 081); 0: off. */
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  PAGE_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(60),
  PLACE_SEARCH_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(60),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  WEB_DIST_DIR: z.string().optional(),
  REMINDER_LEAD_TIMES: z
    .string()
    .optional()
    .transform((v) => v?.trim() || '24h,1h')
    .transform((v, ctx) => {
      const leads = v.split(',').map((part) => parseDuration(part));
      if (leads.some((ms) => ms === undefined) || leads.length > 10) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a comma-separated list of durations such as 24h,1h (m, h or d)',
        });
        return z.NEVER;
      }
      return [...new Set(leads as number[])].sort((a, b) => b - a);
    }),
  DM_EMAIL_DELAY: duration('10m'),
  S3_BUCKET: matching(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'must be an S3 bucket name (3-63 lowercase letters, digits, dots or dashes)',
  ),
  S3_REGION: z
    .string()
    .optional()
    .transform((v) => v?.trim() || 'us-east-1')
    .pipe(z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1 or auto')),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_ACCESS_KEY_ID: trimmed,
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  S3_PUBLIC_URL: optionalUrl(['http', 'https']),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Web Push: both keys or neither (then generated once into instance_secrets).
  VAPID_PUBLIC_KEY: vapidKey(65, 'an uncompressed P-256 public key (65 bytes)'),
  VAPID_PRIVATE_KEY: vapidKey(32, 'a P-256 private key (32 bytes)'),
  VAPID_SUBJECT: matching(
    /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
    'must be a mailto: address or an https: URL',
  ),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.default(false),
  PUSH_SEND_TIMEOUT: duration('5s'),
  /** Unset: on when PUBLIC_URL is https on a host that is not loopback (decision 072). */
  FEDERATION: bool.optional(),
  FEDERATION_BLOCKED_DOMAINS: commaList((h) => h.toLowerCase().replace(/^\*\./, '')).pipe(
    z.array(
      z
        .string()
        .regex(/^[a-z0-9.-]+$/, 'must be a comma-separated list of domain names such as spam.example'),
    ),
  ),
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: bool.default(false),
  FEDERATION_INBOX_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
});

/** Whether `pem` parses as an RSA private key (what nodemailer's DKIM signer takes). */
function isRsaPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** The two halves of an S3 key pair come together or not at all; so do the three DKIM settings. */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'is required with S3_ACCESS_KEY_ID',
    });
  }
  if (e.S3_SECRET_ACCESS_KEY && !e.S3_ACCESS_KEY_ID) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'is required with S3_SECRET_ACCESS_KEY',
    });
  }
  const dkim = {
    DKIM_DOMAIN: e.DKIM_DOMAIN,
    DKIM_SELECTOR: e.DKIM_SELECTOR,
    DKIM_PRIVATE_KEY: e.DKIM_PRIVATE_KEY,
  };
  const dkimSet = Object.entries(dkim).filter(([, v]) => v);
  const dkimMissing = Object.entries(dkim).find(([, v]) => !v);
  if (dkimSet.length > 0 && dkimMissing) {
    ctx.addIssue({
      code: 'custom',
      path: [dkimMissing[0]],
      message: `is required with ${dkimSet.map(([k]) => k).join(' and ')}`,
    });
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: `is required with ${e.VAPID_PUBLIC_KEY ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}`,
    });
  }
});

/** The S3-compatible bucket that holds uploaded images instead of DATA_DIR/uploads. */
export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Both or neither; neither means the SDK's default credential chain (environment, role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Base URL the objects are served from, without a trailing slash: `<publicUrl>/<key>`. */
  publicUrl: string;
  forcePathStyle: boolean;
};

/**
 * The URL under which the SDK addresses the bucket's objects: virtual-hosted
 * (`https://<bucket>.s3.<region>.amazonaws.com`, `<scheme>://<bucket>.<endpoint host>`) or path
 * style (`<endpoint>/<bucket>`), which the SDK also uses for bucket names containing dots.
 */
export function s3BucketUrl(s3: Pick<S3Config, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string {
  const pathStyle = s3.forcePathStyle || s3.bucket.includes('.');
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  const base = endpoint.pathname.replace(/\/+$/, '');
  return pathStyle
    ? `${endpoint.origin}${base}/${s3.bucket}`
    : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}${base}`;
}

/** Every variable the server reads (README's table and .env.example list the same ones). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Apply pending migrations at start (the embedded database always does). */
  migrateOnStart: boolean;
  redisUrl: string | undefined;
  redisPrefix: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** DKIM_*: sign every outgoing mail (nodemailer's `dkim` option); unset sends unsigned. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  jwtSecret: string | undefined;
  /** Before decision 066 the key of upload URLs; now it only verifies the ones it signed. */
  uploadSigningSecret: string | undefined;
  /** LINK_SIGNING_SECRETS: current first, then previous; empty: the one stored in instance_secrets. */
  linkSigningSecrets: string[];
  /** LINK_SIGNING_LEGACY: links signed before decision 066 still verify (decision 066). */
  linkSigningLegacy: boolean;
  adminEmails: string[];
  seedDemo: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean | number | string;
  corsOrigins: string[];
  /** Other hosts (`host` or `host:port`) the app is opened at, besides PUBLIC_URL's. */
  publicHosts: string[];
  metricsToken: string | undefined;
  chatSendLimit: number;
  /** CURRENCY: the ISO 4217 code of every cost (pages' JSON-LD, the web's price display); USD unset. */
  currency: string;
  /**
   * The instance settings the environment sets (INSTANCE_NAME, DEFAULT_LOCALE, DEFAULT_TIME_ZONE,
   * CURRENCY), each absent when its variable is not set: those win over the admin area's (decision 082).
   */
  instanceEnv: { name?: string; defaultLocale?: Locale; timeZone?: string; currency?: string };
  /** MAP_TILE_URL and its credit: the web's maps load tiles from there (CSP img-src allows it). */
  map: { tileUrl: string; attribution: string; attributionUrl: string };
  /** Image work: the bounded queue (work-queue.ts) and the image process's nice value (0–19). */
  imageWork: { concurrency: number; maxWaiting: number; waitTimeoutMs: number; nice: number };
  /** Wall time the process reading one calendar import may take (IMPORT_DEADLINE_MS; decision 061). */
  importDeadlineMs: number;
  /**
   * Open sockets per user (the oldest is closed beyond it), client events per user per 10 s, and
   * new connections per user and per client address per minute.
   */
  socketLimits: {
    socketsPerUser: number;
    eventsPerUser: number;
    connectionsPerUser: number;
    connectionsPerIp: number;
  };
  /**
   * Signed-out reads anyone can flood (decision 062): how long each instance keeps a city page
   * (HTML and data) it made, city-page reads per client address per minute, and typeahead
   * searches per client address per 10 s. 0 switches each off.
   */
  publicReads: {
    pageCacheSeconds: number;
    pagesPerMinute: number;
    placeSearchesPer10s: number;
    /** PUBLIC_CACHE_SECONDS: the shared cache of signed-out pages and answers (decision 081). */
    publicCacheSeconds: number;
  };
  webDistDir: string | undefined;
  /** Before an event's start, in milliseconds, longest first: when attendees are reminded. */
  reminderLeadTimes: number[];
  /** A direct message still unread this long after it was sent (ms) is e-mailed. */
  dmEmailDelay: number;
  /** Set (by S3_BUCKET) when uploads go to an S3-compatible bucket. */
  s3: S3Config | undefined;
  /** Web Push: configured VAPID keys (else generated once and shared through the database). */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    /** The contact the push services see (RFC 8292 `sub`): VAPID_SUBJECT, else MAIL_FROM's address. */
    subject: string;
    /** Accept endpoints on private or loopback addresses (always in development and tests). */
    allowPrivateEndpoints: boolean;
    /** PUSH_SEND_TIMEOUT: the whole of one POST to a push service, connect to last byte (ms). */
    sendTimeoutMs: number;
  };
  /** ActivityPub (decisions 072, 073). */
  federation: {
    /** FEDERATION; unset: on when PUBLIC_URL is https and not loopback. */
    enabled: boolean;
    /** FEDERATION_BLOCKED_DOMAINS: refused inbound and never delivered to (their subdomains too). */
    blockedDomains: string[];
    /** FEDERATION_ALLOW_PRIVATE_ADDRESSES: fetch and deliver to loopback/private addresses (tests). */
    allowPrivateAddresses: boolean;
    /** FEDERATION_INBOX_RATE_LIMIT: inbox posts per client address per minute (0: no limit). */
    inboxPerMinute: number;
  };
  /** Settings that work but probably not as meant; server.ts logs each once at start. */
  warnings: string[];
};

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

export class ConfigError extends Error {}

/**
 * Federation is on by default where other servers can reach the instance and trust it: PUBLIC_URL
 * is https on a host that is not loopback (decision 072). Elsewhere (development, a LAN) it is off.
 */
function federationByDefault(publicUrl: string | undefined): boolean {
  if (!publicUrl?.startsWith('https:')) return false;
  const host = new URL(publicUrl).hostname;
  return !LOOPBACK.test(host);
}

/** Variables whose value an error line leaves out. */
const SECRET_VALUES = new Set(['DKIM_PRIVATE_KEY']);

/** The bare address of `Name <address>` (or the value itself). */
function mailAddress(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** Reads and validates the environment. Throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // A secret's value is never echoed into a log: a key (it would land in logs, and a PEM is not
    // one line) says only that, another secret only its length.
    const value = env[name] ?? '';
    const got = SECRET_VALUES.has(name)
      ? 'value not shown'
      : /SECRET/.test(name)
        ? `got ${value.length} characters`
        : `got "${value}"`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (${got})`);
  }
  const e = parsed.data;
  const port = e.PORT;
  const s3Base = e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : undefined;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrateOnStart: e.MIGRATE_ON_START,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dkim:
      e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY
        ? { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY }
        : undefined,
    jwtSecret: e.JWT_SECRET,
    uploadSigningSecret: e.UPLOAD_SIGNING_SECRET,
    linkSigningSecrets: e.LINK_SIGNING_SECRETS,
    linkSigningLegacy: e.LINK_SIGNING_LEGACY,
    adminEmails: e.ADMIN_EMAILS,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    publicHosts: e.PUBLIC_HOSTS,
    metricsToken: e.METRICS_TOKEN,
    chatSendLimit: e.CHAT_SEND_LIMIT,
    currency: e.CURRENCY,
    instanceEnv: {
      ...(e.INSTANCE_NAME ? { name: e.INSTANCE_NAME } : {}),
      ...(e.DEFAULT_LOCALE && isLocale(e.DEFAULT_LOCALE) ? { defaultLocale: e.DEFAULT_LOCALE } : {}),
      ...(e.DEFAULT_TIME_ZONE ? { timeZone: e.DEFAULT_TIME_ZONE } : {}),
      ...(env.CURRENCY?.trim() ? { currency: e.CURRENCY } : {}),
    },
    map: {
      tileUrl: e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
      attributionUrl: e.MAP_TILE_ATTRIBUTION_URL,
    },
    imageWork: {
      concurrency: e.IMAGE_CONCURRENCY,
      maxWaiting: e.IMAGE_QUEUE,
      waitTimeoutMs: 15_000,
      nice: e.IMAGE_NICE,
    },
    importDeadlineMs: e.IMPORT_DEADLINE_MS,
    socketLimits: {
      socketsPerUser: e.SOCKETS_PER_USER,
      eventsPerUser: e.SOCKET_EVENTS_PER_USER,
      connectionsPerUser: e.SOCKET_CONNECTIONS_PER_USER,
      connectionsPerIp: e.SOCKET_CONNECTIONS_PER_IP,
    },
    publicReads: {
      pageCacheSeconds: e.PAGE_CACHE_SECONDS,
      pagesPerMinute: e.PAGE_RATE_LIMIT,
      placeSearchesPer10s: e.PLACE_SEARCH_RATE_LIMIT,
      publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    reminderLeadTimes: e.REMINDER_LEAD_TIMES,
    dmEmailDelay: e.DM_EMAIL_DELAY,
    s3: s3Base && {
      ...s3Base,
      endpoint: s3Base.endpoint?.replace(/\/+$/, ''),
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      publicUrl: (e.S3_PUBLIC_URL ?? s3BucketUrl(s3Base)).replace(/\/+$/, ''),
    },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS || e.NODE_ENV !== 'production',
      sendTimeoutMs: e.PUSH_SEND_TIMEOUT,
    },
    federation: {
      enabled: e.FEDERATION ?? federationByDefault(e.PUBLIC_URL),
      blockedDomains: e.FEDERATION_BLOCKED_DOMAINS,
      allowPrivateAddresses: e.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
      inboxPerMinute: e.FEDERATION_INBOX_RATE_LIMIT,
    },
    warnings:
      e.PUBLIC_URL || LOOPBACK.test(e.HOST)
        ? []
        : [
            `PUBLIC_URL is not set: links in e-mails will point at http://localhost:${port}, which only works on this machine; set PUBLIC_URL to the address people use (HOST is ${e.HOST})`,
          ],
  };
}
