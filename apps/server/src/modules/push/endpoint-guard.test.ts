import { describe, expect, it } from 'vitest';
import { endpointProblem, isPrivateAddress, publicOnlyLookup } from './endpoint-guard.ts';

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
