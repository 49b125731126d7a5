/**
 * zod (loaded lazily, with the forms and the checks of realtime payloads) tests once whether it may
 * compile its object checks with `new Function`. The CSP has no 'unsafe-eval', so the browser
 * refuses that test and reports a violation on every page that parses anything (Lighthouse's best
 * practices). zod keeps its configuration in this global: with `jitless` set before its
 * first parse it never tries. Browsers only: the server keeps zod's compiled checks.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
