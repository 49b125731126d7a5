import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { precompress } from './precompress.ts';
import { prerender, writeRenderTemplates } from './prerender.ts';
import { stampServiceWorker } from './service-worker.ts';
import { buildSsr } from './ssr.ts';

/**
 * After the client build: the landing, sign-in and registration pages pre-rendered and the
 * templates of the server's rendered pages (`ssr/event.html`, `ssr/community.html`), the service
 * worker stamped with the build's version, then brotli and gzip copies of every text asset, then
 * the request-time renderer of event and community pages (`ssr/render.mjs`, built last). `ssr/` is
 * read by the server, never sent to browsers.
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
        await writeRenderTemplates(outDir);
        await stampServiceWorker(outDir);
        const { files, bytes, brotli } = await precompress(outDir);
        await buildSsr(config.root, outDir, config.resolve.alias);
        config.logger.info(
          `pre-rendered ${pages} pages; precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB → ${(brotli / 1024).toFixed(0)} kB brotli`,
        );
      },
    },
  };
}
