import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './http.ts';

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }) as unknown as IncomingMessage;

/** Socket handshakes never reach Fastify: their client address must follow the same TRUST_PROXY rule. */
describe('clientAddressOf', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted', () => {
    expect(clientAddressOf(false)(request('10.0.0.1', '203.0.113.9'))).toBe('10.0.0.1');
  });

  it('takes as many hops from the header as TRUST_PROXY counts', () => {
    expect(clientAddressOf(1)(request('10.0.0.1', '198.51.100.7, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressOf(2)(request('10.0.0.1', '198.51.100.7, 203.0.113.9'))).toBe('198.51.100.7');
  });

  it('trusts only the listed proxies', () => {
    const of = clientAddressOf('10.0.0.1');
    expect(of(request('10.0.0.1', '203.0.113.9'))).toBe('203.0.113.9');
    expect(of(request('10.0.0.2', '203.0.113.9'))).toBe('10.0.0.2');
  });
});
