import { describe, expect, it } from 'vitest';
import { endpointProblem, isPrivateAddress, publicOnlyLookup, sendTimeProblem } from './endpoint-guard.ts';

/** Push services' endpoints as browsers hand them out, in the forms a host may take. */
const PUSH_SERVICES = [
  'https://fcm.googleapis.com/fcm/send/abc',
  'https://FCM.googleapis.com./fcm/send/abc',
  'https://[2a00:1450:4001::1]/p',
  'https://142.250.74.10/p',
];

describe('isPrivateAddress', () => {
  it.each([
    '10.1.2.3',
    '127.0.0.1',
    '169.254.169.254',
    '172.20.0.1',
    '192.168.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd12::1',
    'fe80::1',
    '::ffff:192.168.0.1',
    'not an ip',
    // Addresses that carry an IPv4 inside IPv6, and other special IPv6 ranges.
    '::7f00:1', // IPv4-compatible 127.0.0.1
    '::ffff:7f00:1', // IPv4-mapped 127.0.0.1, hex form
    '::ffff:8.8.8.8', // IPv4-mapped: never how a push service is reached
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    'fec0::1', // site-local
    '100::1', // discard
    '64:ff9b:1::1', // local NAT64
    '192.0.2.1', // documentation
    '198.51.100.7',
    '203.0.113.9',
    '255.255.255.255',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['8.8.8.8', '142.250.74.10', '2a00:1450:4001::1'])('%s is public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('endpointProblem', () => {
  it('accepts https push services, refuses other schemes', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeUndefined();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBeUndefined();
    expect(endpointProblem('file:///etc/passwd', true)).toBeDefined();
    expect(endpointProblem('gopher://127.0.0.1:25/', true)).toBeDefined();
  });
  it('allows http only on loopback, and only when private endpoints are allowed', () => {
    expect(endpointProblem('http://127.0.0.1:4000/p', true)).toBeUndefined();
    expect(endpointProblem('http://[::1]:4000/p', true)).toBeUndefined();
    expect(endpointProblem('http://10.0.0.1/p', true)).toBeDefined();
    expect(endpointProblem('http://127.0.0.1:4000/p', false)).toBeDefined();
  });
});

describe('endpointProblem: probes and their relatives', () => {
  it.each([
    'https://LOCALHOST./p',
    'https://localhost./p',
    'https://LocalHost/p',
    'https://app.localhost./p',
    'https://printer.local/p',
    'https://db.internal./p',
    'https://router.home.arpa/p',
    'https://[::7f00:1]/p',
    'https://[::127.0.0.1]/p',
    'https://[::ffff:127.0.0.1]/p',
    'https://[::ffff:a00:1]/p',
    'https://[2002:7f00:1::1]/p',
    'https://[2002:c0a8:1::1]/p',
    'https://[fec0::1]/p',
    'https://[FEC0::1]/p',
    'https://[fd00::1]/p',
    'https://[fe80::1]/p',
    'https://[::]/p',
    'https://[2001:db8::1]/p',
    'https://2130706433/p', // 127.0.0.1 as one number
    'https://0x7f.1/p',
    'https://127.1/p',
    'https://10.0.0.1./p',
    'https://169.254.169.254/p',
  ])('refuses %s in production', (endpoint) => {
    expect(endpointProblem(endpoint, false)).toBeDefined();
  });
  it.each(PUSH_SERVICES)('accepts %s', (endpoint) => {
    expect(endpointProblem(endpoint, false)).toBeUndefined();
  });
  it.each([
    ['http://LOCALHOST.:4000/p', true],
    ['http://[::ffff:127.0.0.1]:4000/p', false],
    ['http://[::7f00:1]:4000/p', false],
  ] as const)('plain http in development: %s allowed = %s', (endpoint, allowed) => {
    expect(endpointProblem(endpoint, true) === undefined).toBe(allowed);
  });
});

describe('assertPublicLiteral (send time: no DNS lookup happens for an IP literal)', () => {
  it.each([
    ['https://[::7f00:1]/p', true],
    ['https://[2002:7f00:1::1]/p', true],
    ['https://127.0.0.1/p', true],
    ['https://[fec0::1]/p', true],
    ['https://localhost./p', true],
    ['https://142.250.74.10/p', false],
    ['https://fcm.googleapis.com/p', false],
  ] as const)('%s refused = %s', (endpoint, refused) => {
    expect(sendTimeProblem(endpoint) !== undefined).toBe(refused);
  });
});

describe('publicOnlyLookup', () => {
  const resolve = (host: string, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((done) =>
      publicOnlyLookup(host, { all }, (err, address) => done({ err, address })),
    );
  it('fails names that resolve to private addresses (DNS cannot smuggle a push inside)', async () => {
    const { err } = await resolve('localhost', false);
    expect(err?.code).toBe('EPRIVATEADDRESS');
    expect((await resolve('127.0.0.1', true)).err?.code).toBe('EPRIVATEADDRESS');
  });
});
