#!/usr/bin/env node
/**
 * The web app manifest's pictures (public/icons, public/screenshots), committed so a build needs
 * neither sharp nor a browser. Run again when the logo or the landing page changes:
 *
 *   node apps/web/scripts/app-images.mjs          # icons, from public/favicon.svg, and the
 *                                                 # preview picture, from images/*.svg (sharp)
 *   node apps/web/scripts/app-images.mjs --shots  # also the screenshots, of the built landing
 *                                                 # page (npm run build first; system Chromium)
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '..');
const publicDir = path.join(web, 'public');
const BRAND = '#c2410c';

const logo = await readFile(path.join(publicDir, 'favicon.svg'));

/** The logo as it is: a rounded tile, for places that show the icon unmasked. */
async function plainIcon(size, file) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, 'icons', file));
}

/**
 * A maskable icon is cropped to a circle or squircle by the launcher: the background fills the
 * square, and the house sits inside the central 80 % safe zone (here 60 %, the glyph alone).
 */
async function maskableIcon(size, file) {
  const glyph = logo
    .toString()
    .replace(/<rect[^>]*\/>/, '')
    .replace('viewBox="0 0 64 64"', 'viewBox="12 12 40 40"');
  const inner = Math.round(size * 0.6);
  const house = await sharp(Buffer.from(glyph), { density: (72 * inner) / 40 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: house, gravity: 'centre' }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, 'icons', file));
}

await plainIcon(192, 'icon-192.png');
await plainIcon(512, 'icon-512.png');
await plainIcon(180, 'apple-touch-icon.png');
await maskableIcon(512, 'icon-maskable-512.png');

// The link preview of a page without its own picture (og:image): social networks do not render
// an SVG, so the landing page's drawing goes out as a 1200 x 630 PNG on its sky colour.
await sharp(await readFile(path.join(publicDir, 'images', 'hero-community.svg')), { density: 180 })
  .resize(1200, 630, { fit: 'contain', background: '#fff7ed' })
  .flatten({ background: '#fff7ed' })
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(publicDir, 'images', 'hero-community.png'));
console.log('icons written to apps/web/public/icons');

if (process.argv.includes('--shots')) {
  const { chromium } = await import('playwright-core');
  const dist = path.join(web, 'dist');
  // The pre-rendered landing page, as a first visitor sees it; API calls simply fail.
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    try {
      const body = await readFile(path.join(dist, path.normalize(file)));
      const type = file.endsWith('.js')
        ? 'text/javascript'
        : file.endsWith('.css')
          ? 'text/css'
          : file.endsWith('.svg')
            ? 'image/svg+xml'
            : 'text/html';
      res.writeHead(200, { 'content-type': type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const [name, width, height] of [
      ['narrow', 540, 960],
      ['wide', 1280, 800],
    ]) {
      const page = await browser.newPage({ viewport: { width, height } });
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
      const png = await page.screenshot();
      await sharp(png)
        .png({ compressionLevel: 9, palette: true })
        .toFile(path.join(publicDir, 'screenshots', `landing-${name}.png`));
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log('screenshots written to apps/web/public/screenshots');
}
