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
 * Each layer first prints the Node.js its npm commands run on (the `node` npm finds first on the
 * layer's PATH: node_modules/.bin, decision 060) and fails when that is older than `engines` says.
 */
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
/** `engines.node` of the root package.json, as `>=MAJOR.MINOR`. */
const [needMajor, needMinor] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  .engines.node.replace('>=', '')
  .split('.')
  .map(Number);
/** [name, layers it waits for, ...npm commands run one after the other]. */
const layers = [
  ['lint', [], ['run', 'lint']],
  ['build', [], ['run', 'build']],
  ['typecheck', ['lint', 'build'], ['run', 'typecheck']],
  [
    'server',
    ['lint', 'build'],
    ['test', '-w', '@townsquare/server', '--', '--project', 'server', '--project', 'server-isolated'],
  ],
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

/** The version of the `node` that npm runs a layer's commands on (`args` name the workspace, if any). */
async function nodeOf(args) {
  const at = args.indexOf('-w');
  const workspace = at >= 0 ? ['-w', args[at + 1]] : [];
  const { stdout } = await promisify(execFile)(
    'npm',
    ['exec', '--silent', ...workspace, '--', 'node', '-p', 'process.version'],
    { cwd: root, env: process.env },
  );
  return stdout.trim();
}
const supported = (version) => {
  const [major, minor] = version.replace('v', '').split('.').map(Number);
  return major > needMajor || (major === needMajor && minor >= needMinor);
};

const times = [];
const began = Date.now();
let failed = false;
/** Each wanted layer's run, started once every wanted layer it waits for has passed. */
const runs = new Map();
const run = (name, commands) => {
  const start = Date.now();
  return (async () => {
    let code = 0;
    const node = await nodeOf(commands[0]).catch((error) => `unknown (${error.message})`);
    process.stdout.write(`[${name}] runs on Node.js ${node}\n`);
    if (!supported(node)) {
      process.stdout.write(`[${name}] Node.js ${needMajor}.${needMinor} or newer is needed (engines)\n`);
      code = 1;
    }
    for (const args of code === 0 ? commands : []) {
      code = await npm(name, args);
      if (code !== 0) break;
    }
    const seconds = (Date.now() - start) / 1000;
    times.push({ name, seconds, code, node });
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
process.stdout.write(`\nlayer           time   result  node (the test runner: ${process.version})\n`);
for (const { name, seconds, code, node } of times)
  process.stdout.write(
    `${name.padEnd(14)} ${seconds.toFixed(1).padStart(6)} s  ${(code === 0 ? 'passed' : 'FAILED').padEnd(6)}  ${node}\n`,
  );
process.stdout.write(
  `${'total'.padEnd(14)} ${total.toFixed(1).padStart(6)} s  ${failed ? 'FAILED' : 'passed'}\n`,
);
process.exit(failed ? 1 : 0);
