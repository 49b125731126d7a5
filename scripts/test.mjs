#!/usr/bin/env node
/**
 * `npm test`: every test layer, as CI runs it (`.ci/run`), with each layer's time printed.
 *
 * Each layer starts as soon as the layers it needs have passed:
 *   - lint and the production build first (e2e and the server's start-up tests need the build);
 *   - then typecheck, the server tests, and the contracts then web unit tests, side by side: the
 *     server tests mostly wait for PostgreSQL, the others are CPU work;
 *   - e2e (Playwright, E2E_WORKERS workers, default 2) against the build, once typecheck and the
 *     unit tests are done: it overlaps the server tests' long tail instead of waiting for it, and
 *     does not fight the CPU-bound layers for the machine's cores;
 *   - last, alone, the server test files that measure timing or kill a server (server-alone).
 * When a layer fails, no further layer starts; the ones already running finish.
 * Output lines carry their layer's name; a summary with each layer's time ends the run.
 * `TEST_LAYERS=server,web` runs only those layers (`server` includes server-alone), each still
 * after the wanted layers it waits for.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** [name, layers it waits for, ...npm commands run one after the other]. */
const layers = [
  ['lint', [], ['run', 'lint']],
  ['build', [], ['run', 'build']],
  ['typecheck', ['lint', 'build'], ['run', 'typecheck']],
  ['server', ['lint', 'build'], ['test', '-w', '@townsquare/server', '--', '--project', 'server']],
  [
    'contracts+web',
    ['lint', 'build'],
    ['test', '-w', '@townsquare/contracts'],
    ['test', '-w', '@townsquare/web'],
  ],
  ['e2e', ['lint', 'build', 'typecheck', 'contracts+web'], ['test', '-w', '@townsquare/e2e']],
  // The server files that need the machine to themselves (login timing, kill and restart; see
  // apps/server/vitest.config.ts) run last, once nothing else is running.
  [
    'server-alone',
    ['lint', 'build', 'typecheck', 'server', 'contracts+web', 'e2e'],
    ['test', '-w', '@townsquare/server', '--', '--project', 'server-alone'],
  ],
];
const only = process.env.TEST_LAYERS?.split(',').map((s) => s.trim());
const wanted = (name) => !only || name.split(/[+-]/).some((part) => only.includes(part));

/** Runs `npm <args>` with every line prefixed; resolves to its exit code. */
function npm(name, args) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.setEncoding('utf8');
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(`[${name}] ${line}\n`);
      });
      from.on('end', () => rest && to.write(`[${name}] ${rest}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const times = [];
const began = Date.now();
let failed = false;
/** Each wanted layer's run, started once every wanted layer it waits for has passed. */
const runs = new Map();
const run = (name, commands) => {
  const start = Date.now();
  return (async () => {
    let code = 0;
    for (const args of commands) {
      code = await npm(name, args);
      if (code !== 0) break;
    }
    const seconds = (Date.now() - start) / 1000;
    times.push({ name, seconds, code });
    process.stdout.write(
      `[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s\n`,
    );
    if (code !== 0) failed = true;
    return code === 0;
  })();
};
for (const [name, needs, ...commands] of layers) {
  if (!wanted(name)) continue;
  const before = needs.filter((need) => runs.has(need)).map((need) => runs.get(need));
  runs.set(
    name,
    Promise.all(before).then((passed) => (passed.every(Boolean) && !failed ? run(name, commands) : false)),
  );
}
await Promise.all(runs.values());
const total = (Date.now() - began) / 1000;
process.stdout.write('\nlayer           time   result\n');
for (const { name, seconds, code } of times)
  process.stdout.write(
    `${name.padEnd(14)} ${seconds.toFixed(1).padStart(6)} s  ${code === 0 ? 'passed' : 'FAILED'}\n`,
  );
process.stdout.write(
  `${'total'.padEnd(14)} ${total.toFixed(1).padStart(6)} s  ${failed ? 'FAILED' : 'passed'}\n`,
);
process.exit(failed ? 1 : 0);
