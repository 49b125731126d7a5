import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('needs nothing: every setting has a default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.trustProxy).toBe(false);
    expect(config.adminEmails).toEqual([]);
  });

  it('warns once when HOST is reachable from elsewhere but PUBLIC_URL still defaults to localhost', () => {
    expect(loadConfig({}).warnings).toEqual([
      expect.stringMatching(/PUBLIC_URL is not set: .*localhost:3000/),
    ]);
    expect(loadConfig({ HOST: '192.168.1.20' }).warnings).toHaveLength(1);
    expect(loadConfig({ HOST: '127.0.0.1' }).warnings).toEqual([]);
    expect(loadConfig({ HOST: '::1' }).warnings).toEqual([]);
    expect(loadConfig({ HOST: 'localhost' }).warnings).toEqual([]);
    expect(loadConfig({ PUBLIC_URL: 'https://town.example' }).warnings).toEqual([]);
  });

  it('reads the link signing ring, first secret first, and refuses a short or repeated one (decision 066)', () => {
    const [a, b] = ['a'.repeat(32), 'b'.repeat(40)];
    expect(loadConfig({}).linkSigningSecrets).toEqual([]);
    expect(loadConfig({}).linkSigningLegacy).toBe(true);
    expect(loadConfig({ LINK_SIGNING_SECRETS: ` ${a} , ${b} ` }).linkSigningSecrets).toEqual([a, b]);
    expect(loadConfig({ LINK_SIGNING_LEGACY: 'false' }).linkSigningLegacy).toBe(false);
    for (const bad of [`${a},short`, `${a},${a}`]) {
      expect(() => loadConfig({ LINK_SIGNING_SECRETS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ LINK_SIGNING_SECRETS: bad }), bad).toThrow(/: LINK_SIGNING_SECRETS must /);
      // One line naming the variable, never the secrets themselves.
      expect(() => loadConfig({ LINK_SIGNING_SECRETS: bad }), bad).not.toThrow(/aaaa/);
    }
    expect(() => loadConfig({ LINK_SIGNING_LEGACY: 'maybe' })).toThrow(/LINK_SIGNING_LEGACY/);
  });

  it('federates by default only on https with a public host; FEDERATION overrides (decision 072)', () => {
    const on = (env: Record<string, string>) => loadConfig(env).federation.enabled;
    expect(on({})).toBe(false);
    expect(on({ PUBLIC_URL: 'http://town.example' })).toBe(false);
    expect(on({ PUBLIC_URL: 'https://localhost:3000' })).toBe(false);
    expect(on({ PUBLIC_URL: 'https://127.0.0.1' })).toBe(false);
    expect(on({ PUBLIC_URL: 'https://town.example' })).toBe(true);
    expect(on({ PUBLIC_URL: 'https://town.example', FEDERATION: 'false' })).toBe(false);
    expect(on({ PUBLIC_URL: 'http://localhost:3000', FEDERATION: 'true' })).toBe(true);
    const config = loadConfig({ FEDERATION_BLOCKED_DOMAINS: ' Spam.Example , *.bad.example ' });
    expect(config.federation.blockedDomains).toEqual(['spam.example', 'bad.example']);
    expect(config.federation.allowPrivateAddresses).toBe(false);
    expect(() => loadConfig({ FEDERATION_BLOCKED_DOMAINS: 'https://x.example/' })).toThrow(
      /FEDERATION_BLOCKED_DOMAINS/,
    );
    expect(() => loadConfig({ FEDERATION: 'maybe' })).toThrow(/FEDERATION/);
  });

  it('takes map tiles with {z}, {x} and {y}, OpenStreetMap by default', () => {
    expect(loadConfig({}).map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ MAP_TILE_URL: 'http://tiles.lan:8080/{z}/{x}/{y}.png' }).map.tileUrl).toBe(
      'http://tiles.lan:8080/{z}/{x}/{y}.png',
    );
    for (const bad of [
      'tiles.example.org/{z}/{x}/{y}.png',
      'https://tiles.example.org/{z}/{x}.png',
      'javascript:{z}{x}{y}',
    ])
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL/);
  });

  it('parses lists, booleans, hop counts and trims trailing slashes', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' A@Example.com, b@example.com ',
      SEED_DEMO: 'true',
      TRUST_PROXY: '2',
      PUBLIC_URL: 'https://town.example/',
      CORS_ORIGINS: 'https://a.example/, https://b.example',
      PUBLIC_HOSTS: ' Town.Local, 192.168.1.20:3000 ,[fe80::1]:3000',
    });
    expect(config.adminEmails).toEqual(['a@example.com', 'b@example.com']);
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(2);
    expect(config.publicUrl).toBe('https://town.example');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.publicHosts).toEqual(['town.local', '192.168.1.20:3000', '[fe80::1]:3000']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAILS: 'nope' }, 'ADMIN_EMAILS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ SEED_DEMO: 'perhaps' }, 'SEED_DEMO'],
    [{ PUBLIC_HOSTS: 'https://town.example' }, 'PUBLIC_HOSTS'],
    [{ PUBLIC_HOSTS: 'town.example/path' }, 'PUBLIC_HOSTS'],
    [{ DKIM_DOMAIN: 'not a domain' }, 'DKIM_DOMAIN'],
    [{ DKIM_SELECTOR: 'two words' }, 'DKIM_SELECTOR'],
    [
      { DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----' },
      'DKIM_PRIVATE_KEY',
    ],
    [{ DKIM_DOMAIN: 'town.example', DKIM_SELECTOR: 'mail2026' }, 'DKIM_PRIVATE_KEY'],
  ])('refuses %j with one line naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    }
  });
});

describe('notification timings', () => {
  it('REMINDER_LEAD_TIMES and DM_EMAIL_DELAY take m, h and d, with defaults 24h,1h and 10m', () => {
    const defaults = loadConfig({});
    expect(defaults.reminderLeadTimes).toEqual([86_400_000, 3_600_000]);
    expect(defaults.dmEmailDelay).toBe(600_000);
    const set = loadConfig({ REMINDER_LEAD_TIMES: '1m, 2d,1h,1m', DM_EMAIL_DELAY: '30s' });
    expect(set.reminderLeadTimes).toEqual([172_800_000, 3_600_000, 60_000]);
    expect(set.dmEmailDelay).toBe(30_000);
    for (const bad of [
      { REMINDER_LEAD_TIMES: '1 hour' },
      { REMINDER_LEAD_TIMES: '24h,' },
      { DM_EMAIL_DELAY: '0m' },
    ]) {
      expect(() => loadConfig(bad)).toThrow(ConfigError);
      expect(() => loadConfig(bad)).toThrow(new RegExp(Object.keys(bad)[0] as string));
    }
  });
});

describe('currency', () => {
  it('CURRENCY is an ISO 4217 code, USD by default, and a readable error otherwise', () => {
    expect(loadConfig({}).currency).toBe('USD');
    expect(loadConfig({ CURRENCY: 'eur' }).currency).toBe('EUR');
    expect(loadConfig({ CURRENCY: ' GBP ' }).currency).toBe('GBP');
    for (const bad of ['EURO', '$', 'XYZ', '12']) {
      expect(() => loadConfig({ CURRENCY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ CURRENCY: bad })).toThrow(/CURRENCY must be an ISO 4217 currency code/);
    }
  });
});

describe('DKIM signing', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('is off by default, and on with all three settings (a one-line key with \\n escapes too)', () => {
    expect(loadConfig({}).dkim).toBeUndefined();
    const oneLine = pem.trim().replaceAll('\n', '\\n');
    const config = loadConfig({
      DKIM_DOMAIN: 'Town.Example',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY: oneLine,
    });
    expect(config.dkim).toEqual({
      domainName: 'town.example',
      keySelector: 'mail2026',
      privateKey: pem.trim(),
    });
  });

  it('never prints the private key in its error line', () => {
    const key = `${pem.slice(0, 60)}broken`;
    expect(() => loadConfig({ DKIM_PRIVATE_KEY: key })).toThrow(
      'Invalid configuration: DKIM_PRIVATE_KEY must be an RSA private key in PEM form (value not shown)',
    );
  });
});

describe('documentation', () => {
  it('README and .env.example list exactly the variables the server reads', () => {
    const root = new URL('../../../', import.meta.url);
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const example = readFileSync(new URL('.env.example', root), 'utf8');
    const inReadme = [...readme.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)]
      .map((m) => m[1])
      .filter((v) => v !== 'TEST_DATABASE_URL');
    const inExample = [...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...inReadme].sort()).toEqual([...CONFIG_VARIABLES].sort());
    expect([...inExample].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
