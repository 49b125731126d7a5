import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './test/servers.ts';

/**
 * The server's V8 flags (decision 059) cannot go in NODE_OPTIONS, so every way of starting it
 * names them: `npm start`, the server package's `start`, the deployment guide and the tests' own
 * launcher. A launcher that lost them would bring back the full collections every few seconds.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const startScript = (file: string) =>
  (JSON.parse(read(file)) as { scripts: { start: string } }).scripts.start;

describe('the node flags the server starts with', () => {
  it.each([
    ['npm start', startScript('package.json')],
    ["the server package's start", startScript('apps/server/package.json')],
    [
      'docs/DEPLOY.md',
      read('docs/DEPLOY.md').match(
        /^ *(?:node_modules\/\.bin\/)?node .*apps\/server\/dist\/server\.js$/m,
      )?.[0] ?? '',
    ],
  ])('%s names every one of them', (_where, command) => {
    expect(command).toMatch(/^ *(?:node_modules\/\.bin\/)?node /);
    for (const flag of SERVER_NODE_FLAGS) expect(command.split(/\s+/)).toContain(flag);
  });

  it('are flags this node accepts', () => {
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write("ok")']);
    expect(out.toString()).toBe('ok');
  });
});
