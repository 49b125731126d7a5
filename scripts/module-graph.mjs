#!/usr/bin/env node
// Prints how the server modules and the web features depend on each other (ARCHITECTURE.md §12:
// a feature never reads another feature's repository; no two modules import each other). Pass
// `--check` to exit non-zero when a bar is broken, `--web` to check only the web bars (what
// `npm run lint` runs, decision 069); `--list` to print every offending import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$|\.fixture\.ts$|\.d\.ts$/.test(name))
      out.push(path);
  }
  return out;
}

const importRe =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
function imports(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    if (spec?.startsWith('.')) out.push(resolve(dirname(file), spec));
  }
  return out;
}

/** Edges between units (a module or feature folder) under `base`, as [fromUnit, toUnit, fromFile, toFile]. */
function edges(base) {
  const unitOf = (path) => {
    const rel = relative(base, path);
    return rel.startsWith('..') ? undefined : rel.split('/')[0];
  };
  const out = [];
  for (const file of files(base)) {
    const from = unitOf(file);
    for (const target of imports(file)) {
      const to = unitOf(target);
      if (to && to !== from) out.push([from, to, relative(root, file), relative(root, target)]);
    }
  }
  return out;
}

function cycles(pairs) {
  const graph = new Map();
  for (const [a, b] of pairs) {
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a).add(b);
  }
  // Tarjan's strongly connected components; a component of more than one unit is a cycle.
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, on: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).on) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).on = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return found;
}

// A module's register file (`<module>.module.ts`, decision 071) is the composition root's share
// of the module: it names the services it is handed, as app.ts did before. Its imports are
// counted apart, so the bars speak of the modules' own code.
const allServer = edges(join(root, 'apps/server/src/modules'));
const isRegister = (file) => /\.module\.ts$/.test(file);
const server = allServer.filter(([, , from]) => !isRegister(from));
const intoRepository = server.filter(([, to, , file]) => to !== 'access' && /\.repository\.ts$/.test(file));
const serverPairs = new Set(server.map(([a, b]) => `${a}>${b}`));
const mutual = [...serverPairs].filter((p) => {
  const [a, b] = p.split('>');
  return a < b && serverPairs.has(`${b}>${a}`);
});
const serverCycles = cycles([...serverPairs].map((p) => p.split('>')));

// `{ allow: ["<fromFeature> -> <path under features/>"], reasons: { <entry>: "why" } }` (decision 069).
const webAllowList = (() => {
  try {
    return JSON.parse(readFileSync(join(root, 'apps/web/feature-imports.json'), 'utf8'));
  } catch {
    return {};
  }
})();
const webAllow = new Set(webAllowList.allow ?? []);
const web = edges(join(root, 'apps/web/src/features'));
const webEntry = ([a, , , file]) => `${a} -> ${file.replace(/^apps\/web\/src\/features\//, '')}`;
const webOutside = web.filter((edge) => !webAllow.has(webEntry(edge)));
// An entry no import uses any more, or one without its reason, is a broken allow-list.
const webUsed = new Set(web.map(webEntry));
const webAllowBroken = [...webAllow].filter((entry) => !webUsed.has(entry) || !webAllowList.reasons?.[entry]);
const webPairs = new Set(web.map(([a, b]) => `${a}>${b}`));
const webCycles = cycles([...webPairs].map((p) => p.split('>')));

const report = {
  'server cross-module imports': server.length,
  "server imports of another module's repository (outside access/)": intoRepository.length,
  'server module pairs importing each other': mutual.length,
  'server module cycles': serverCycles.length,
  'server register-file imports of another module (composition, not counted above)':
    allServer.length - server.length,
  'web cross-feature imports': web.length,
  'web cross-feature imports outside the allow-list': webOutside.length,
  'web feature cycles': webCycles.length,
};
for (const [k, v] of Object.entries(report)) console.log(`${String(v).padStart(5)}  ${k}`);
if (args.has('--list')) {
  for (const [, , from, to] of intoRepository) console.log(`repository  ${from} -> ${to}`);
  for (const p of mutual) console.log(`mutual      ${p.replace('>', ' <-> ')}`);
  for (const c of serverCycles) console.log(`cycle       ${c.join(' ')}`);
  for (const [, , from, to] of webOutside) console.log(`web         ${from} -> ${to}`);
  for (const c of webCycles) console.log(`web cycle   ${c.join(' ')}`);
}
if (args.has('--check') || args.has('--web')) {
  for (const entry of webAllowBroken)
    console.error(`apps/web/feature-imports.json: "${entry}" matches no import or has no reason`);
  const webBroken = webOutside.length + webCycles.length + webAllowBroken.length;
  const serverBroken = intoRepository.length + mutual.length + serverCycles.length;
  const broken = args.has('--web') ? webBroken : webBroken + serverBroken;
  if (broken > 0) {
    console.error(`module boundaries: ${broken} offending imports or cycles (run with --list)`);
    process.exit(1);
  }
}
