import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files whose figures depend on having the machine to themselves: login timing compared
 * within 5 % (QUALITY security 6) and a server killed and restarted under a stream of messages
 * (reliability 1). They run after the rest, one at a time.
 */
const ALONE = ['src/modules/auth/timing.test.ts', 'src/reliability.test.ts'];

/**
 * The `server` project shares one module graph per worker between its files (`isolate: false`):
 * importing the app again for every file cost about 4 s of a worker's time per file, 460 s of a
 * CI run. Every file still builds its own app on its own database (test/test-app.ts), so nothing
 * a test reads lives in a module. Files that replace a module with `vi.mock` cannot share: a
 * module an earlier file loaded stays the real one. They are listed here and run isolated, in
 * the `server-isolated` project, beside the others.
 */
const MOCKS_MODULES = ['src/modules/auth/session-races.test.ts'];

/**
 * Every other file gets its own database (cloned from a migrated template) and mostly waits for
 * PostgreSQL, so two run at once: SERVER_TEST_WORKERS (default 2; 1 runs them one by one as before).
 */
const WORKERS = Number(process.env.SERVER_TEST_WORKERS ?? 2);

/**
 * Files that start built servers (test/servers.ts, test/cluster.ts) spend most of their time
 * waiting: on start-ups, on a killed instance's jobs, on a reminder due in a minute (about 90 s).
 * They go first, so their waiting overlaps the other files instead of ending the run alone. Without
 * durations from an earlier run (a fresh clone in CI), vitest would otherwise order by file size,
 * which puts these small files last.
 */
const STARTS_SERVERS = /from '(?:\.\.?\/)+test\/(?:servers|cluster)\.ts'/;

class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const waits = (f: TestSpecification) => STARTS_SERVERS.test(readFileSync(f.moduleId, 'utf8'));
    return [...sorted.filter(waits), ...sorted.filter((f) => !waits(f))];
  }
}

export default defineConfig({
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    sequence: { sequencer: WaitingFirst },
    // Budgets, not speed bars (eventually() waits up to 30 s for queued work on a loaded machine;
    // a test that starts built servers gives each up to 120 s: test/servers.ts). Tests and hooks
    // that start servers take these budgets rather than their own, shorter guesses: a hook
    // starting two servers may need both start budgets on a slow day.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts'],
          exclude: [...ALONE, ...MOCKS_MODULES],
          isolate: false,
          maxWorkers: WORKERS,
          // Cheaper password hashing; the production cost is checked in timing.test.ts (ALONE).
          setupFiles: ['src/test/cheap-passwords.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          include: MOCKS_MODULES,
          maxWorkers: 1,
          setupFiles: ['src/test/cheap-passwords.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'server-alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
