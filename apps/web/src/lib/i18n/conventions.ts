/**
 * Whether dates and numbers are written by the server's conventions rather than the viewer's.
 * The server renders a page without knowing the reader's regional variant or time zone, so it
 * writes the language's own variant ("de", "en-US") and names no viewer zone; the app's first
 * render of a page it hydrates must write exactly the same text, or React throws the markup away.
 * main.tsx turns this on before `hydrateRoot`; `LocaleProvider` turns it off once the page is
 * hydrated and renders again in the viewer's conventions. On in Node, where there is no viewer.
 * (Its own module, without dependencies: the entry chunk reads it.)
 */
let serverConventions = typeof window === 'undefined';

export function setServerConventions(on: boolean): void {
  serverConventions = on;
}

export function writesServerConventions(): boolean {
  return serverConventions;
}

/**
 * This year where the viewer is; in UTC under the server's conventions, so a page rendered around
 * New Year hydrates with the year the server wrote, whatever its zone and the browser's. (Here,
 * not in lib/format.ts, for the footer of every page: this module costs the entry chunk nothing.)
 */
export function currentYear(now: Date = new Date()): number {
  return serverConventions ? now.getUTCFullYear() : now.getFullYear();
}
