/**
 * The server-rendered part of a page: its `<title>`, meta tags and JSON-LD, filled into the web
 * app's built `index.html`. Everything here is text put into HTML, so every value is escaped.
 */

/** One `<meta>`: `name` (description, robots, twitter:*) or `property` (og:*). */
export type Meta = { name: string; content: string } | { property: string; content: string };

export type Head = {
  /** Replaces the document's `<title>`; absent keeps the built one (the generic site title). */
  title?: string;
  meta: Meta[];
  /** `<link rel="canonical">`. */
  canonical?: string;
  /** Structured data, sent as `<script type="application/ld+json">` (data, never run). */
  jsonLd?: Record<string, unknown>;
  /**
   * The page's largest image, fetched at high priority before any script asks for it: `href`, or
   * with `srcset` and `sizes` the copy the page's `<img>` picks (the same attributes as it has).
   */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in element content and in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON that cannot end its `<script>` element: `<`, `>` and `&` become `\u003c`-style escapes
 * (still the same JSON), and so do the two line separators JavaScript once rejected.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Shortens text to at most `max` characters on a word boundary, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function renderTags(head: Head): string {
  const tags = head.meta.map((m) =>
    'name' in m
      ? `<meta name="${escapeHtml(m.name)}" content="${escapeHtml(m.content)}" />`
      : `<meta property="${escapeHtml(m.property)}" content="${escapeHtml(m.content)}" />`,
  );
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  if (head.preloadImage) {
    const { href, srcset, sizes } = head.preloadImage;
    const responsive =
      srcset && sizes ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${responsive} fetchpriority="high" />`,
    );
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** Where the tags go in the template when it has one: `<!--app-head-->`. */
export const HEAD_MARKER = '<!--app-head-->';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The built page's own tags that `head` replaces: meta tags of the same name, its canonical link. */
function replacedTags(head: Head): RegExp {
  const keys = head.meta.map((m) => escapeRegExp('name' in m ? m.name : m.property));
  const alternatives: string[] = [];
  if (keys.length)
    alternatives.push(`<meta\\s+(?:name|property)\\s*=\\s*["'](?:${keys.join('|')})["'][^>]*>\\s*`);
  if (head.canonical) alternatives.push(`<link\\s+rel\\s*=\\s*["']canonical["'][^>]*>\\s*`);
  return new RegExp(alternatives.length ? alternatives.join('|') : '(?!)', 'gi');
}

/**
 * The template with `head` in it: its `<title>` replaced, tags of the same names removed, and the
 * new tags at `<!--app-head-->` (or, without the marker, at the end of `<head>`). Only `<head>`
 * is touched, so whatever the body holds (a prerendered page, the app's root) stays as built.
 */
export function injectHead(template: string, head: Head): string {
  const end = template.search(/<\/head>/i);
  if (end < 0) return template;
  let top = template.slice(0, end).replace(replacedTags(head), '');
  const rest = template.slice(end);
  if (head.title !== undefined) {
    const title = `<title>${escapeHtml(head.title)}</title>`;
    top = /<title>[\s\S]*?<\/title>/i.test(top)
      ? top.replace(/<title>[\s\S]*?<\/title>/i, () => title)
      : `${top}${title}\n    `;
  }
  const tags = renderTags(head);
  if (top.includes(HEAD_MARKER)) return top.replace(HEAD_MARKER, () => tags) + rest;
  return `${top.trimEnd()}\n    ${tags}\n  ${rest}`;
}

/** The id of the data block a server-rendered page carries for the app to hydrate from. */
export const PAGE_DATA_ID = 'page-data';

/**
 * The page's body filled in: `markup` inside the empty `<div id="root">`, and `data` after it as
 * `<script type="application/json">` (a data block: the CSP runs no inline script, and the app
 * reads it with JSON.parse), unless `data` is undefined. A template without an empty root is
 * returned unchanged.
 */
export function injectBody(template: string, markup: string, data: unknown): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) return template;
  // No data (a page made without the web app's renderer): nothing for the app to hydrate from.
  const block =
    data === undefined
      ? ''
      : `\n    <script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script>`;
  return template.replace(root, () => `<div id="root">${markup}</div>${block}`);
}
