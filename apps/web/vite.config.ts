import { createRequire } from 'node:module';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { noParserAlias, precompiledCatalogs } from './build/catalogs.ts';
import { firstPaintPlugin } from './build/plugin.ts';

/** react-router's package exports only name its development build; builds use its production twin. */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development([\\/])index\.m?js$/, 'production$1index.mjs');

const API_ORIGIN = process.env.VITE_API_ORIGIN ?? 'http://localhost:3000';

/** In development the API runs as its own process; these are the paths it serves besides the SPA. */
const proxied = ['/api', '/uploads', '/auth/verify-email', '/users/me/password'];

export default defineConfig(({ command }) => ({
  plugins: [precompiledCatalogs(), react(), tailwindcss(), firstPaintPlugin()],
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }, noParserAlias()]
        : [],
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
      '/socket.io': { target: API_ORIGIN, ws: true, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: true,
    // build/prerender.ts reads which chunks each pre-rendered page needs.
    manifest: true,
    // Every browser this targets preloads modules itself; the polyfill would only add to the first load.
    modulePreload: {
      polyfill: false,
      // The page's own <link rel="modulepreload"> already fetches the runtime: naming it again in
      // every route's preload list would only add bytes to the entry chunk.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/\/rolldown-runtime-/.test(dep)),
    },
    rolldownOptions: {
      output: {
        // Everything the first page needs goes into the entry chunk: one request, and one gzip stream
        // that compresses better than ten small ones. Pages still load their own code lazily.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
        // Lazy chunks are named by their hash alone: the entry carries the preload list of every route
        // (about 190 file names), and the readable half of each name cost 1 kB gzip of the first load.
        // The entry and the runtime keep their names (the preload filter above finds the runtime by
        // its name); the manifest (`.vite/manifest.json`) still maps every chunk to its source.
        // Seven hash characters, not eight (rolldown refuses a length too short for the number of
        // chunks): with about 280 lazy chunks, 0.2 kB gzip of the first load (120.1 → 119.8 kB).
        chunkFileNames: (chunk) =>
          chunk.name === 'index' || chunk.name.startsWith('rolldown-runtime')
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash:7].js',
      },
    },
  },
}));
