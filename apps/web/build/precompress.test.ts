import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

describe('precompress', () => {
  let dir = '';
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of text assets that decompress to the original', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const js = `export const x = ${JSON.stringify('townsquare '.repeat(500))};`;
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), js);
    await writeFile(path.join(dir, 'index.html'), `<title>t</title>${'<p>hello</p>'.repeat(200)}`);
    await writeFile(path.join(dir, 'assets', 'index-abc.js.map'), '{}'.repeat(2000));
    await writeFile(path.join(dir, 'tiny.css'), 'a{}');
    await writeFile(path.join(dir, 'photo.png'), Buffer.alloc(4096));

    const result = await precompress(dir);

    expect(result.files).toBe(2);
    const file = path.join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(js);
    expect((await readFile(`${file}.br`)).length).toBeLessThan(js.length / 10);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'index.html.gz'))).toBe(true);
    // Source maps, files under 1 KiB and images are left alone.
    for (const skipped of ['assets/index-abc.js.map', 'tiny.css', 'photo.png']) {
      expect(existsSync(path.join(dir, `${skipped}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${skipped}.gz`))).toBe(false);
    }
  });
});
