/**
 * A fixed request rate, as the bars mean it: one request every 1000/rate ms, sent on time whether
 * or not the earlier ones have been answered (an open loop), over a pool of keep-alive
 * connections. Each latency runs from the moment the request was due, so a client or a server
 * that falls behind is counted, not hidden (coordinated omission).
 *
 * Why not autocannon's `overallRate`: it gives each connection a budget per second that is reset
 * every second, so each connection sends its share back to back at the start of every second (at
 * 100 req/s over 10 connections: 10 bursts of 10, all at once), and it records each answer with
 * an "expected interval" of ceil(1 / per-connection rate) = 1 ms, which adds a synthetic sample
 * for every millisecond of each answer. Its p99 is the latency of a 10-deep burst, weighted
 * towards the slowest answers: a different measure, which the benchmark still prints, labelled.
 */
import http from 'node:http';

export type PacedResult = {
  /** Answers received (any status). */
  answered: number;
  /** Answers that were not 2xx, and requests that failed outright. */
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers over `slowMs`, and how many of those came in the first second. */
  slow: number;
  slowEarly: number;
  /** Requests sent (on time or late) per second of the run. */
  rate: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function paced(
  url: string,
  options: {
    rate: number;
    seconds: number;
    headers?: Record<string, string>;
    /** Keep-alive connections the requests share (more are opened if all are busy). */
    connections?: number;
    slowMs?: number;
  },
): Promise<PacedResult> {
  const { rate, seconds, headers = {}, connections = 10, slowMs = 50 } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections * 4, maxFreeSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  const slowAt: number[] = [];
  let errors = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const began = performance.now();

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const done = (ok: boolean) => {
        const ms = performance.now() - due;
        latencies.push(ms);
        if (!ok) errors += 1;
        if (ms > slowMs) slowAt.push(due - began);
        resolve();
      };
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          agent,
          headers,
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => done((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300));
          res.on('error', () => done(false));
        },
      );
      req.on('error', () => done(false));
      req.end();
    });

  // Warm the pool: the connections are opened before the clock starts, as a browser's would be.
  await Promise.all(Array.from({ length: connections }, () => send(performance.now())));
  latencies.length = 0;
  slowAt.length = 0;
  errors = 0;

  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    answered: latencies.length,
    errors,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    slow: slowAt.length,
    slowEarly: slowAt.filter((at) => at - (start - began) < 1000).length,
    rate: total / Math.max(elapsed, seconds),
  };
}
