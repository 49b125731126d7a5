import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { LOCALES } from '../src/lib/i18n/locales.ts';

/** The key the API client stores the access token under (src/lib/api-client.ts; a test checks). */
export const ACCESS_TOKEN_KEY = 'accessToken';

/** The pages pre-rendered, each with the route module whose code it needs first. */
export const PRERENDERED = [
  { path: '/', file: 'index.html', module: 'src/app/routes/landing.tsx', onDemand: true },
  { path: '/login', file: 'login.html', module: 'src/app/routes/login.tsx', onDemand: false },
  { path: '/register', file: 'register.html', module: 'src/app/routes/register.tsx', onDemand: false },
] as const;

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The chunk of a module and every chunk it imports statically, each once. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [entry.file, ...(entry.imports ?? []).flatMap((k) => chunksOf(manifest, k, seen))];
}

/**
 * The script a pre-rendered page starts with, instead of the shell's: the page is in the HTML
 * already, so the app's code (the shell's module scripts, then the page's route chunks) is
 * requested after the first paint rather than competing with it for the phone's bandwidth.
 *
 * `onDemand` (the landing page, decision 058): a signed-out visitor reading the landing page needs
 * none of the app: its links are plain links to pages that are themselves pre-rendered. The app
 * starts at once when a session is stored (the signed-in landing page differs: "Go to
 * dashboard"), otherwise at the visitor's first sign of use (a touch, a pointer or wheel, a key,
 * a scroll: "Happening near you" further down and the menu need it). A click on a button before
 * the app has rendered is played again on the same button once it has. The service worker is
 * registered when the browser is first idle, as the app does.
 */
type Boot = {
  /** Start the app only with a stored session or at the first sign of use (the landing page). */
  onDemand?: boolean;
  /** Replay a button click made before the app replaced the markup (pre-rendered pages only: a hydrated page's clicks are React's to replay). */
  replay?: boolean;
};

function bootScript(
  scripts: string[],
  preload: string[],
  { onDemand = false, replay = false }: Boot,
): string {
  return `// Written by apps/web/build/prerender.ts.
const start = async () => {
  for (const href of ${JSON.stringify(preload)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const src of ${JSON.stringify(scripts)}) await import(src);
};
const root = document.getElementById('root');
const USE = ['pointerdown', 'touchstart', 'mousemove', 'wheel', 'keydown', 'scroll', 'focusin'];
let started = false;
const boot = () => {
  if (started) return;
  started = true;
  for (const type of USE) removeEventListener(type, boot, true);
  void start();
};
// A button clicked before the app has rendered the page: clicked again once the app has replaced
// the markup, found by its text and classes (the app's page can hold more than the markup did, so
// positions differ), the same one of its kind.
const alike = (button) =>
  [...root.querySelectorAll('button')].filter(
    (b) => b.className === button.className && b.textContent === button.textContent,
  );
const markup = root.firstElementChild;
const replay = (event) => {
  // Once the app has replaced the markup, its own buttons answer: nothing more to do here.
  if (!markup?.isConnected) return removeEventListener('click', replay, true);
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || !root.contains(button)) return;
  event.preventDefault();
  event.stopPropagation();
  boot();
  const nth = alike(button).indexOf(button);
  const observer = new MutationObserver(() => {
    if (button.isConnected) return;
    observer.disconnect();
    removeEventListener('click', replay, true);
    const target = alike(button)[nth];
    // After the app's first effects (the header closes its menu on mount), when first idle.
    if (target) (window.requestIdleCallback ?? setTimeout)(() => target.click());
  });
  observer.observe(root, { childList: true, subtree: true });
};
${replay ? "addEventListener('click', replay, true);\n" : ''}${
  onDemand
    ? `let signedIn = false;
try {
  signedIn = Boolean(localStorage.getItem(${JSON.stringify(ACCESS_TOKEN_KEY)}));
} catch {}
if (signedIn) requestAnimationFrame(() => setTimeout(boot, 0));
else for (const type of USE) addEventListener(type, boot, { capture: true, passive: true });
// The app registers the service worker once it runs; until then, this does, when first idle.
const register = () => navigator.serviceWorker?.register('/sw.js', { scope: '/' }).catch(() => undefined);
addEventListener('load', () => (window.requestIdleCallback ?? setTimeout)(register));
`
    : `requestAnimationFrame(() => setTimeout(boot, 0));
`
}`;
}

/** The page's `<html lang>` set to `locale`. */
const withLang = (html: string, locale: string) =>
  html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);

const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The built shell with a page's markup in #root and its title; its module scripts and preloads
 * are replaced by the page's boot script (returned with the name to write it under).
 */
export function pageHtml(
  shell: string,
  page: { title: string; markup: string },
  routeChunks: string[],
  boot: Boot = {},
): { html: string; boot: { file: string; source: string } } {
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
  const scripts = [...shell.matchAll(MODULE_SCRIPT)].map((m) => m[1] ?? '');
  const preloaded = [...shell.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? '');
  if (scripts.length === 0) throw new Error('index.html has no module script');
  const initial = new Set([...scripts, ...preloaded]);
  const preload = [
    ...preloaded,
    ...routeChunks.map((file) => `/${file}`).filter((href) => !initial.has(href)),
  ];
  const source = bootScript(scripts, preload, boot);
  const file = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
  const html = shell
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
    .replace('</head>', () => `  <script type="module" src="/${file}"></script>\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.markup}</div>`);
  return { html, boot: { file, source } };
}

/**
 * The templates the server fills its rendered pages into (decision 025), never served as files: a
 * public event's page and a community's page, each starting with its route's chunks.
 */
export const RENDER_TEMPLATES = [
  { file: 'ssr/event.html', module: 'src/app/routes/event-detail.tsx' },
  { file: 'ssr/community.html', module: 'src/app/routes/community.tsx' },
  { file: 'ssr/city.html', module: 'src/app/routes/near-city.tsx' },
] as const;

async function readBuilt(outDir: string): Promise<{ shell: string; manifest: Manifest }> {
  const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  return { shell, manifest };
}

/**
 * The shell as the server's rendered pages use it: the app starts from a boot script after the
 * first paint (as on the pre-rendered pages) with the page's route chunks preloaded, so the server's
 * markup paints without 110 kB of script competing for the phone's bandwidth, and the parsing and
 * hydration come after it. The root stays empty for the server to fill; the title is the shell's.
 */
export async function writeRenderTemplates(outDir: string): Promise<void> {
  const { shell, manifest } = await readBuilt(outDir);
  const title = /<title>([^<]*)<\/title>/.exec(shell)?.[1] ?? '';
  for (const template of RENDER_TEMPLATES) {
    const { html, boot } = pageHtml(shell, { title, markup: '' }, chunksOf(manifest, template.module));
    await writeFile(path.join(outDir, boot.file), boot.source);
    await mkdir(path.join(outDir, path.dirname(template.file)), { recursive: true });
    await writeFile(path.join(outDir, template.file), html);
  }
}

/**
 * Renders PRERENDERED with the app's own components (src/prerender.tsx, loaded through Vite in
 * Node) into `<outDir>/prerendered/<file>`, and once per other language into `<name>.<locale>.html`
 * with its `<html lang>`: the server sends the one in the request's language for their paths
 * (`createWebPages`), the shell (index.html) for every other page. The app starts in the page's
 * language, so a German visitor's first paint is German and stays on screen.
 */
export async function prerender(root: string, outDir: string): Promise<number> {
  const { shell, manifest } = await readBuilt(outDir);
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderPage } = (await server.ssrLoadModule(
      '/src/prerender.tsx',
    )) as typeof import('../src/prerender.tsx');
    await mkdir(path.join(outDir, 'prerendered'), { recursive: true });
    let written = 0;
    for (const page of PRERENDERED) {
      for (const locale of LOCALES) {
        const rendered = await renderPage(page.path, locale);
        if (!rendered.title) throw new Error(`${page.path} (${locale}) rendered no <title>`);
        const { html, boot } = pageHtml(shell, rendered, chunksOf(manifest, page.module), {
          onDemand: page.onDemand,
          replay: true,
        });
        await writeFile(path.join(outDir, boot.file), boot.source);
        const file = locale === 'en' ? page.file : page.file.replace(/\.html$/, `.${locale}.html`);
        await writeFile(path.join(outDir, 'prerendered', file), withLang(html, locale));
        written += 1;
      }
    }
    return written;
  } finally {
    await server.close();
  }
}
