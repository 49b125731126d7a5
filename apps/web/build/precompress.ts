import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What a browser downloads as text; source maps are left alone (only developer tools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text asset of a
 * built app, so the server sends compressed bytes without compressing per request
 * (@fastify/static `preCompressed`). A copy that would not be smaller is not written.
 */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotli: number }> {
  const work: Promise<{ bytes: number; brotli: number }>[] = [];
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    work.push(
      (async () => {
        const raw = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gz(raw, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < raw.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
        return { bytes: raw.length, brotli: Math.min(br.length, raw.length) };
      })(),
    );
  }
  const done = await Promise.all(work);
  return {
    files: done.length,
    bytes: done.reduce((s, d) => s + d.bytes, 0),
    brotli: done.reduce((s, d) => s + d.brotli, 0),
  };
}
