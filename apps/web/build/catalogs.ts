import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Alias, Plugin } from 'vite';

const CATALOG = /[\\/]src[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/;

/**
 * The message catalogs (src/locales/<locale>/<namespace>.json) precompiled to FormatJS's ICU AST
 * as they are imported, so the browser never parses a message and the bundle can leave the ICU
 * parser out (`noParserAlias`), as FormatJS documents. A message that does not parse fails the build.
 */
export function precompiledCatalogs(): Plugin {
  return {
    name: 'townsquare:precompiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id.split('?')[0] ?? '')) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const ast = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => {
          try {
            return [key, parse(message)];
          } catch (error) {
            throw new Error(`${id}: "${key}" is not ICU MessageFormat (${(error as Error).message})`);
          }
        }),
      );
      return { code: JSON.stringify(ast), map: null };
    },
  };
}

/** intl-messageformat imports the parser; with precompiled catalogs its no-parser twin does. */
export function noParserAlias(): Alias {
  const require = createRequire(import.meta.url);
  // The parser intl-messageformat (react-intl's) resolves, so the no-parser file matches its version.
  const messageformat = require.resolve('intl-messageformat', {
    paths: [require.resolve('react-intl')],
  });
  const parser = createRequire(messageformat).resolve('@formatjs/icu-messageformat-parser');
  return {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: parser.replace(/index\.js$/, 'no-parser.js'),
  };
}
