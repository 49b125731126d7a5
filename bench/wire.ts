import http from 'node:http';
import { api } from '../apps/server/src/test/servers.ts';

/**
 * Bytes on the wire (QUALITY "bytes on the wire"): the original client's
 * `GET /api/events` (100 events) as sent before compression (identity, byte for byte what the
 * server sent before) and as sent now with gzip and brotli accepted; and an event page.
 */
export async function wireBytes(base: string, token: string, report: (line: string) => void): Promise<void> {
  const words =
    'park run market choir garden repair cafe book club walk river bridge library music jam picnic kids bike ride neighbours square hall evening morning weekly free bring friends'.split(
      ' ',
    );
  let seed = 42;
  const pick = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return words[seed % words.length];
  };
  const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');
  let firstId = '';
  for (let i = 0; i < 100; i++) {
    const start = Date.now() + (i + 1) * 86_400_000;
    const res = await api<{ event: { id: string } }>(
      base,
      'POST',
      '/api/events',
      {
        title: `${sentence(3)} ${i}`,
        description: `${sentence(30)}.`,
        location: `${sentence(2)} ${i % 17}`,
        status: 'LIVE',
        tags: [...new Set([pick(), pick()])],
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 7_200_000).toISOString(),
      },
      token,
    );
    if (res.status !== 201) throw new Error(`create event failed: ${res.status} ${JSON.stringify(res.body)}`);
    firstId ||= res.body.event.id;
  }
  const auth = { authorization: `Bearer ${token}` };
  const list = await Promise.all(['identity', 'gzip', 'br'].map((e) => bytes(`${base}/api/events`, e, auth)));
  const [plain, gzip, br] = list;
  report(
    `GET /api/events (100 events): ${kb(plain!.bytes)} kB identity (before) → gzip ${kb(gzip!.bytes)} kB (${ratio(gzip!, plain!)}), br ${kb(br!.bytes)} kB (${ratio(br!, plain!)}); bar: JSON ≥ 1 KiB compressed when accepted: ${gzip!.encoding === 'gzip' && br!.encoding === 'br' ? 'met' : 'NOT MET'}`,
  );
  const health = await bytes(`${base}/api/health`, 'br', {});
  report(`GET /api/health (${health.bytes} B, under 1 KiB): Content-Encoding ${health.encoding || 'none'}`);
  const page = await Promise.all(['identity', 'br'].map((e) => bytes(`${base}/event/${firstId}`, e, {})));
  if (page[0]!.status === 200) {
    report(
      `GET /event/:id (page with its head): ${kb(page[0]!.bytes)} kB identity → br ${kb(page[1]!.bytes)} kB`,
    );
  }
}

const kb = (n: number) => (n / 1024).toFixed(1);
const ratio = (a: { bytes: number }, b: { bytes: number }) => `${((a.bytes / b.bytes) * 100).toFixed(0)} %`;

/** The body's size as transferred (not decoded) and its Content-Encoding. */
function bytes(url: string, encoding: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; encoding: string; status: number }>((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
        });
        res.on('end', () =>
          resolve({
            bytes: total,
            encoding: String(res.headers['content-encoding'] ?? ''),
            status: res.statusCode ?? 0,
          }),
        );
      })
      .on('error', reject);
  });
}
