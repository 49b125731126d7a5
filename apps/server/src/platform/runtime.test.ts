import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEntry } from '../test/servers.ts';
import { SUPPORTED_NODE, unsupportedNode } from './runtime.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

describe('the supported runtime (decision 060)', () => {
  it('accepts Node 24.11 and newer, refuses older ones with one line naming the version needed', () => {
    for (const ok of ['24.11.0', '24.21.0', '25.0.0', '26.3.1']) expect(unsupportedNode(ok)).toBeUndefined();
    for (const old of ['20.20.0', '22.22.0', '24.10.9', '18.0.0']) {
      const line = unsupportedNode(old);
      expect(line).toContain('Node.js 24.11 or newer');
      expect(line).toContain(`this is Node.js ${old}`);
      expect(line).not.toContain('\n');
    }
  });

  it('is what engines in the root package.json says', () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`>=${SUPPORTED_NODE.major}.${SUPPORTED_NODE.minor}`);
  });

  it('the built server started under an older Node stops with that line before loading anything', () => {
    if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
    // An older Node, as far as the entry can tell: process.versions says 20.20.0.
    const pretend = `data:text/javascript,Object.defineProperty(process,'versions',{value:{...process.versions,node:'20.20.0'}})`;
    const run = spawnSync(process.execPath, ['--import', pretend, serverEntry], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: '/nonexistent/never-created' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(unsupportedNode('20.20.0'));
    expect(run.stdout).toBe('');
  });
});
