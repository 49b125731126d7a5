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
    // Typing through user-event in jsdom takes seconds on a loaded 2-core machine, and `npm test`
    // runs these beside the server tests and the typecheck: 5 s (the default) timed out there.
    testTimeout: 30_000,
  },
});
