// `npm start`: builds whatever is out of date (the web app, the server), then runs the server in
// this process. A warm start skips both builds, so the app is serving within a few seconds.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return latest;
}

function buildIfStale(name, output, inputs, workspace) {
  const target = path.join(root, output);
  if (existsSync(target) && statSync(target).mtimeMs >= newest(inputs)) return;
  console.log(`building ${name}…`);
  execSync(`npm run build --workspace ${workspace}`, { cwd: root, stdio: 'inherit' });
}

const shared = ['packages/contracts/src', 'package-lock.json'];
buildIfStale(
  'the web app',
  'apps/web/dist/index.html',
  ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', ...shared],
  '@townsquare/web',
);
buildIfStale(
  'the server',
  'apps/server/dist/server.js',
  ['apps/server/src', 'apps/server/scripts', ...shared],
  '@townsquare/server',
);

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
