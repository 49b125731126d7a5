#!/usr/bin/env node
/**
 * The message catalogs agree with their source (decision 043): every locale has every
 * key of English and nothing else, each message parses as ICU MessageFormat, and it uses the same
 * placeholders as the English one (no value missing, none extra).
 *
 *   server: apps/server/src/locales/<locale>.json, against en.json;
 *   web:    apps/web/src/locales/<locale>/<namespace>.json, against en/<namespace>.json.
 *
 * `node scripts/check-catalogs.mjs` prints what is wrong and exits 1; the server's test
 * (apps/server/src/platform/catalogs.test.ts) runs `checkCatalogs` in `npm test`. Text that
 * should be in the catalogs and is not (JSX text, sentences in .ts/.tsx string literals) is found
 * by apps/web/scripts/literal-text.ts, run by the web's catalogs test.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = 'en';
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The parser the server formats with (FormatJS intl-messageformat, a server dependency), so a
// message this check accepts is one the server can format.
const { IntlMessageFormat } = createRequire(path.join(repository, 'apps/server/package.json'))(
  'intl-messageformat',
);
const parse = (message) => new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst();
/** The element types of FormatJS's ICU syntax tree (@formatjs/icu-messageformat-parser `TYPE`). */
const TYPE = { argument: 1, number: 2, date: 3, time: 4, select: 5, plural: 6, tag: 8 };

/** The names a message fills in, through plural and select branches. */
function placeholders(elements, into = new Set()) {
  for (const element of elements) {
    if (
      element.type === TYPE.argument ||
      element.type === TYPE.number ||
      element.type === TYPE.date ||
      element.type === TYPE.time ||
      element.type === TYPE.select ||
      element.type === TYPE.plural
    )
      into.add(element.value);
    if (element.type === TYPE.select || element.type === TYPE.plural)
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    if (element.type === TYPE.tag) placeholders(element.children, into);
  }
  return into;
}

function read(file, problems) {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not a JSON object');
    return data;
  } catch (error) {
    problems.push(`${file}: ${error.message}`);
    return undefined;
  }
}

function names(message, where, problems) {
  if (typeof message !== 'string') {
    problems.push(`${where}: not a string`);
    return undefined;
  }
  try {
    return placeholders(parse(message));
  } catch (error) {
    problems.push(`${where}: not ICU MessageFormat (${error.message})`);
    return undefined;
  }
}

/** One catalog against its source: keys, syntax, placeholders. */
function compare(source, sourceFile, target, targetFile, problems) {
  for (const key of Object.keys(source))
    if (!(key in target)) problems.push(`${targetFile}: missing "${key}"`);
  for (const [key, message] of Object.entries(target)) {
    if (!(key in source)) {
      problems.push(`${targetFile}: "${key}" is not in ${sourceFile}`);
      continue;
    }
    const want = names(source[key], `${sourceFile} "${key}"`, problems);
    const have = names(message, `${targetFile} "${key}"`, problems);
    if (!want || !have) continue;
    const missing = [...want].filter((n) => !have.has(n));
    const extra = [...have].filter((n) => !want.has(n));
    if (missing.length) problems.push(`${targetFile} "${key}": placeholder missing: ${missing.join(', ')}`);
    if (extra.length) problems.push(`${targetFile} "${key}": placeholder extra: ${extra.join(', ')}`);
  }
}

/** Every problem of the catalogs under `root` (the repository); empty when all agree. */
export function checkCatalogs(root) {
  const problems = [];
  const server = path.join(root, 'apps/server/src/locales');
  if (existsSync(server)) {
    const sourceFile = path.join(server, `${SOURCE}.json`);
    const source = read(sourceFile, problems);
    if (source) {
      for (const [key, message] of Object.entries(source)) names(message, `${sourceFile} "${key}"`, problems);
      for (const file of readdirSync(server).filter((f) => f.endsWith('.json') && f !== `${SOURCE}.json`)) {
        const target = read(path.join(server, file), problems);
        if (target) compare(source, sourceFile, target, path.join(server, file), problems);
      }
    }
  }
  const web = path.join(root, 'apps/web/src/locales');
  if (existsSync(path.join(web, SOURCE))) {
    const namespaces = readdirSync(path.join(web, SOURCE)).filter((f) => f.endsWith('.json'));
    const locales = readdirSync(web, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== SOURCE)
      .map((d) => d.name);
    for (const namespace of namespaces) {
      const sourceFile = path.join(web, SOURCE, namespace);
      const source = read(sourceFile, problems);
      if (!source) continue;
      for (const [key, message] of Object.entries(source)) names(message, `${sourceFile} "${key}"`, problems);
      for (const locale of locales) {
        const file = path.join(web, locale, namespace);
        if (!existsSync(file)) {
          problems.push(`${file}: missing (every key of ${sourceFile})`);
          continue;
        }
        const target = read(file, problems);
        if (target) compare(source, sourceFile, target, file, problems);
      }
    }
    for (const locale of locales)
      for (const file of readdirSync(path.join(web, locale)).filter((f) => f.endsWith('.json')))
        if (!namespaces.includes(file))
          problems.push(`${path.join(web, locale, file)}: no ${SOURCE}/${file} to compare with`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkCatalogs(repository);
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log('catalogs agree');
}
