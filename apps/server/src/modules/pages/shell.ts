import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The web app's built `index.html`, the template every server-rendered head is filled into.
 * Read once per process and again only when the file changes (a rebuilt web app is served
 * without a restart, as the static files are).
 */
export function createShell(webDist: string, file = 'index.html') {
  const where = path.join(webDist, file);
  let cached: { mtimeMs: number; size: number; html: string } | undefined;
  return {
    /** The template, or undefined when there is no built web app. */
    async read(): Promise<string | undefined> {
      const info = await stat(where).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      if (cached?.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
        cached = { mtimeMs: info.mtimeMs, size: info.size, html: await readFile(where, 'utf8') };
      }
      return cached.html;
    },
  };
}

export type Shell = ReturnType<typeof createShell>;
