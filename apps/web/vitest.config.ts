import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompiledCatalogs } from './build/catalogs.ts';

export default defineConfig({
  plugins: [precompiledCatalogs(), react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    restoreMocks: true,
    // One jsdom and one module graph per worker, not per file: setting up jsdom and importing the
    // app again for each of 85 files was two thirds of the layer's CPU (200 s → 104 s of wall time
    // on this 2-core machine). The price: module state outlives a file. setup.ts resets what every
    // test shares (DOM, storage, language), and a test of a module's own memory imports a fresh
    // copy (lib/i18n/load.test.ts). Checked with shuffled file order, two workers: all pass.
    isolate: false,
    // A budget, not a speed bar: `npm test` runs these beside the server tests and the typecheck,
    // and CI may share the machine with a second run; forms are filled by paste (src/test/fill.ts),
    // so the slowest test takes about 1 s alone. Tests do not set shorter timeouts of their own.
    testTimeout: 60_000,
  },
});
