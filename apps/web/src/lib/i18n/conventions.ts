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
