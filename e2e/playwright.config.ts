import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/chromium.ts';

/**
 * End-to-end tests against the PRODUCTION build: `apps/web/dist` served by `apps/server/dist`.
 * This suite builds nothing itself; the root `npm test` runs `npm run build` before it, and
 * global-setup.ts fails with a clear message when the build output is missing.
 *
 * The browser is the system Chromium: nothing is downloaded.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  // One server and one database for the suite; two files at a time (E2E_WORKERS to change it).
  // Files are isolated: every account is new and calls from its own client address (rate limits
  // are per address and per account), titles and texts are unique, and the one shared room (the
  // general chat) is only used by social.spec.ts, whose tests run in order in one worker.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Budgets, not speed bars: a full CI run on a shared 2-core machine was measured twice as slow
  // as the one before it (typecheck 94 s → 199 s with the same code), so every budget is doubled.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // A trace records snapshots and screenshots of every step of every test, kept only when one
    // fails. CI's clone and its test-results are thrown away after the run, so there it is work
    // nobody can read: off in CI (CI=true), kept on a developer's machine.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
  },
});
