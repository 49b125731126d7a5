import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Alias, build } from 'vite';
import { precompiledCatalogs } from './catalogs.ts';

/** Where the server finds the request-time renderer, relative to the built app (never served). */
export const SSR_ENTRY = 'ssr/render.mjs';

/**
 * Builds src/prerender.tsx for Node into `<outDir>/ssr/render.mjs`, one self-contained file (every
 * dependency bundled in, so it runs wherever the server runs): the server renders public event and
 * community pages with it. `alias` is the client build's (react-router's production build).
 */
export async function buildSsr(root: string, outDir: string, alias: Alias[]): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [precompiledCatalogs(), react()],
    resolve: { alias },
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: path.join(outDir, path.dirname(SSR_ENTRY)),
      // The client build emptied dist/ already, and ssr/ holds the page templates written since.
      emptyOutDir: false,
      target: 'node24',
      sourcemap: false,
      minify: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: path.basename(SSR_ENTRY), codeSplitting: false } },
    },
  });
}
