import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';
import { buildSsr } from './ssr.ts';

/**
 * After the client build: the landing, sign-in and registration pages pre-rendered, then brotli
 * and gzip copies of every text asset, then the request-time renderer of event pages (`ssr/`,
 * built last: it is read by the server, never sent to browsers, so it is not compressed).
 */
export function firstPaintPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'townsquare:first-paint',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const pages = await prerender(config.root, outDir);
        const { files, bytes, brotli } = await precompress(outDir);
        await buildSsr(config.root, outDir, config.resolve.alias);
        config.logger.info(
          `pre-rendered ${pages} pages; precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB → ${(brotli / 1024).toFixed(0)} kB brotli`,
        );
      },
    },
  };
}
