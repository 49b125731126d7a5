import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What decides the worker's version: the page (it names every hashed chunk) and the offline shell. */
const VERSIONED = [
  'index.html',
  'offline.html',
  'manifest.webmanifest',
  'favicon.svg',
  'icons/icon-192.png',
  'sw.js',
];

/**
 * Stamps the built `sw.js` with a version derived from the build, so a new build is a new worker
 * (browsers compare its bytes) with a cache of its own, and the old cache is deleted when it takes
 * over: an update never mixes old and new files (public/sw.js, decision 033). Returns the version.
 */
export async function stampServiceWorker(outDir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of VERSIONED) hash.update(file).update(await readFile(path.join(outDir, file)));
  const version = hash.digest('hex').slice(0, 16);
  const worker = path.join(outDir, 'sw.js');
  const source = await readFile(worker, 'utf8');
  const stamped = source.replace(/const SHELL_VERSION = '[^']*';/, `const SHELL_VERSION = '${version}';`);
  if (stamped === source) throw new Error('public/sw.js has no `const SHELL_VERSION = …;` line to stamp');
  await writeFile(worker, stamped);
  return version;
}
