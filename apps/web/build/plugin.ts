import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { precompress } from './precompress.ts';

/**
 * After the client build: brotli and gzip copies of every text asset. Runs last, so everything
 * written into the output directory is compressed.
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'townsquare:precompress',
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
        const { files, bytes, brotli } = await precompress(outDir);
        config.logger.info(
          `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB → ${(brotli / 1024).toFixed(0)} kB brotli`,
        );
      },
    },
  };
}
