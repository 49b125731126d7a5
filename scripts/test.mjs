#!/usr/bin/env node
/**
 * `npm test`: every test layer, as CI runs it (`.ci/run`), with each layer's time printed.
 *
 * The layers run in three steps, each starting when the one before has passed:
 *   1. lint and the production build (e2e and the server's start-up tests need the build);
 *   2. typecheck, the server tests, and the contracts then web unit tests, side by side: the
 *      server tests mostly wait for PostgreSQL, the others are CPU work;
 *   3. e2e (Playwright, E2E_WORKERS workers, default 2) against the build.
 * Output lines carry their layer's name; a summary with each layer's time ends the run.
 * `TEST_LAYERS=server,web` runs only those layers (still in this order).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  [
    ['lint', ['run', 'lint']],
    ['build', ['run', 'build']],
  ],
  [
    ['typecheck', ['run', 'typecheck']],
    ['server', ['test', '-w', '@townsquare/server']],
    ['contracts+web', ['test', '-w', '@townsquare/contracts'], ['test', '-w', '@townsquare/web']],
  ],
  [['e2e', ['test', '-w', '@townsquare/e2e']]],
];
const only = process.env.TEST_LAYERS?.split(',').map((s) => s.trim());
const wanted = (name) => !only || name.split('+').some((part) => only.includes(part));

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
for (const step of steps) {
  const layers = step.filter(([name]) => wanted(name));
  if (layers.length === 0) continue;
  const results = await Promise.all(
    layers.map(async ([name, ...commands]) => {
      const start = Date.now();
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
      return code;
    }),
  );
  if (results.some((code) => code !== 0)) {
    failed = true;
    break;
  }
}
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
