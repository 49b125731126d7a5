import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stampServiceWorker } from './service-worker.ts';

describe('stampServiceWorker', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A built app as far as the worker's version is concerned; `entry` stands for its hashed chunks. */
  async function build(entry: string, offline = '<h1>You are offline</h1>') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'townsquare-sw-'));
    dirs.push(dir);
    await mkdir(path.join(dir, 'icons'));
    await writeFile(
      path.join(dir, 'index.html'),
      `<script type="module" src="/assets/${entry}.js"></script>`,
    );
    await writeFile(path.join(dir, 'offline.html'), offline);
    await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Townsquare"}');
    await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
    await writeFile(path.join(dir, 'icons', 'icon-192.png'), Buffer.from([137, 80, 78, 71]));
    // The real template's line, as public/sw.js has it.
    const template = await readFile(path.resolve(import.meta.dirname, '..', 'public', 'sw.js'), 'utf8');
    await writeFile(path.join(dir, 'sw.js'), template);
    return dir;
  }

  it('gives each build its own worker version, and the same files the same one', async () => {
    const first = await build('index-aaaa');
    const version = await stampServiceWorker(first);
    const worker = await readFile(path.join(first, 'sw.js'), 'utf8');
    expect(worker).toContain(`const SHELL_VERSION = '${version}';`);
    expect(worker).not.toContain("'development'");

    expect(await stampServiceWorker(await build('index-aaaa'))).toBe(version);
    expect(await stampServiceWorker(await build('index-bbbb'))).not.toBe(version);
    expect(await stampServiceWorker(await build('index-aaaa', '<h1>Offline</h1>'))).not.toBe(version);
  });

  it('refuses a worker without the version line, rather than shipping one that never updates', async () => {
    const dir = await build('index-aaaa');
    await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("push", () => {});');
    await expect(stampServiceWorker(dir)).rejects.toThrow(/SHELL_VERSION/);
  });
});
