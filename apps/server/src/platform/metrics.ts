import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Prometheus metrics of one process; one registry per app so tests can build many apps. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'townsquare_' });
  const httpDuration = new Histogram({
    name: 'townsquare_http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const messages = new Counter({
    name: 'townsquare_chat_messages_total',
    help: 'Chat messages stored, by kind of chat',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const sockets = new Gauge({
    name: 'townsquare_socket_connections',
    help: 'Open Socket.IO connections on this instance',
    registers: [registry],
  });
  const deadLetters = new Gauge({
    name: 'townsquare_jobs_dead_letter',
    help: 'Queue jobs that failed for good after their retries (dead letters), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  return {
    registry,
    setDeadLetters(counts: { queue: string; count: number }[]) {
      deadLetters.reset();
      for (const { queue, count } of counts) deadLetters.set({ queue }, count);
    },
    messageStored: (channel: string) => messages.inc({ kind: channel.split(':')[0] ?? 'unknown' }),
    setSocketCount: (count: number) => sockets.set(count),
    /** Times every request by its route pattern (never the raw URL, which would explode the label set). */
    instrument(app: FastifyInstance) {
      // One labelled child per method, route and status, kept: prom-client otherwise builds and
      // hashes the label set on every request.
      const children = new Map<string, ReturnType<typeof httpDuration.labels>>();
      app.addHook('onResponse', (request, reply, done) => {
        const route = request.routeOptions.url ?? 'unmatched';
        const key = `${request.method} ${reply.statusCode} ${route}`;
        let child = children.get(key);
        if (!child) {
          child = httpDuration.labels({
            method: request.method,
            route,
            status_code: String(reply.statusCode),
          });
          children.set(key, child);
        }
        child.observe(reply.elapsedTime / 1000);
        done();
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const isLoopback = (address: string | undefined) =>
  address !== undefined &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * Who may read `/metrics` (decision 008). With METRICS_TOKEN: the bearer of the token, from
 * anywhere. Without it: only a caller on this machine, meaning the connection comes from loopback,
 * the client address (after trusted proxies) is loopback, and no proxy header says the request
 * was relayed, since a reverse proxy on the same host connects from loopback for outside callers.
 */
export function metricsAccess(
  request: FastifyRequest,
  token: string | undefined,
): 'ok' | 'token required' | 'loopback only' {
  if (token) return request.headers.authorization === `Bearer ${token}` ? 'ok' : 'token required';
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip) && !relayed
    ? 'ok'
    : 'loopback only';
}
