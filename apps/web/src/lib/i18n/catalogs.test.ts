import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { literalTexts, scan, unknownSentences } from '../../../scripts/literal-text.ts';
import { createAppIntl } from './load.ts';
import { LOCALES, PSEUDO_LOCALE } from './locales.ts';
import { pseudoMessages } from './pseudo.ts';

const SRC = path.join(import.meta.dirname, '..', '..');
const LOCALES_DIR = path.join(SRC, 'locales');

function namespaces(locale: string): Record<string, Record<string, string>> {
  const dir = path.join(LOCALES_DIR, locale);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>]),
  );
}

/** The argument names and tags a message uses ("{count}", "<link>"), sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
      if (element.type === TYPE.tag) walk(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** A value for each argument and tag of a message: numbers for plurals, text for the rest. */
type SampleValue = string | number | Date | ((chunks: string[]) => string);

function sampleValues(elements: MessageFormatElement[]): Record<string, SampleValue> {
  const values: Record<string, SampleValue> = {};
  const walk = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.argument) values[element.value] ??= 'Ana';
      else if (element.type === TYPE.number || element.type === TYPE.plural) values[element.value] = 2;
      else if (element.type === TYPE.date || element.type === TYPE.time) values[element.value] = new Date(0);
      else if (element.type === TYPE.select) values[element.value] ??= 'other';
      if (element.type === TYPE.tag) {
        values[element.value] = (chunks: string[]) => chunks.join('');
        walk(element.children);
      }
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(elements);
  return values;
}

const english = namespaces('en');
// errors.json comes from the server's error codes; it may lag.
const englishKeys = Object.values(english).flatMap((messages) => Object.keys(messages));

describe('message catalogs', () => {
  it('keys are "<namespace>.<key>", named after their file', () => {
    for (const [file, messages] of Object.entries(english)) {
      const namespace = file.replace(/\.json$/, '');
      for (const key of Object.keys(messages)) expect(key.startsWith(`${namespace}.`), key).toBe(true);
    }
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every English key, with the same placeholders, and no other`, () => {
      const translated = namespaces(locale);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [file, messages] of Object.entries(english)) {
        const other = translated[file] ?? {};
        expect(Object.keys(other).sort(), `${locale}/${file}`).toEqual(Object.keys(messages).sort());
        for (const [key, message] of Object.entries(messages)) {
          expect(placeholders(other[key] ?? ''), `${locale} ${key}`).toEqual(placeholders(message));
        }
      }
    });
  }

  it('every key the code names exists in English', () => {
    const missing: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const source = readFileSync(full, 'utf8');
          for (const m of source.matchAll(/\b(?:t|t\.rich|translate)\(\s*'([a-z][\w-]*\.[\w.-]+)'/g)) {
            if (!englishKeys.includes(m[1] ?? '')) missing.push(`${path.relative(SRC, full)}: ${m[1]}`);
          }
        }
      }
    };
    walk(SRC);
    expect(missing).toEqual([]);
  });

  it('the pseudo-locale formats every message, accented and at least 30 % longer', () => {
    const messages = Object.fromEntries(
      Object.values(english).flatMap((m) => Object.entries(m).map(([k, v]) => [k, parse(v)])),
    );
    const en = createAppIntl('en', messages);
    const pseudo = createAppIntl(PSEUDO_LOCALE, pseudoMessages(messages));
    let enLength = 0;
    let pseudoLength = 0;
    for (const [id, elements] of Object.entries(messages)) {
      // Every placeholder of the message gets a value, so each one is formatted (not its id).
      const values = sampleValues(elements);
      enLength += String(en.formatMessage({ id }, values)).length;
      pseudoLength += String(pseudo.formatMessage({ id }, values)).length;
    }
    expect(pseudoLength / enLength).toBeGreaterThan(1.3);
    expect(pseudo.formatMessage({ id: 'common.recently' })).toBe('Rééçééñtlý');
  });
});

describe('literal text in JSX', () => {
  it('finds text children and text props, not expressions', () => {
    const found = literalTexts(
      'x.tsx',
      `<p title="Hello there" aria-label={label}>Welcome back {name}<img alt={'A photo'} /> · </p>`,
    );
    expect(found.map((f) => f.text)).toEqual(['Hello there', 'Welcome back', 'A photo']);
  });

  it('every component takes its text from the catalogs', () => {
    const offending = scan(SRC);
    expect(offending.map((f) => `src/${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });
});

describe('sentences in code', () => {
  it('finds a sentence wherever it can reach the UI, not where only a developer reads it', () => {
    const found = literalTexts(
      'x.ts',
      [
        "const kind = { loadErrorText: 'Failed to load the chat', className: 'h-96 text-sm' };",
        'const tooBig = (n: number) => `File size must be less than ${n}MB`;',
        "if (!ok) throw new Error('Something went wrong in the hook');",
        "console.warn('Could not reach the socket');",
        "import { x } from 'Some Module';",
        "if (name === 'Abort Error') format('MMM d, yyyy');",
        "const labels = { 'Content Type': 'application/json' };",
      ].join('\n'),
    );
    expect(found.map((f) => f.text)).toEqual(['Failed to load the chat', 'File size must be less than']);
  });

  it('every sentence in code is in the catalogs, except the known ones still to move', () => {
    const { found, gone } = unknownSentences(SRC);
    expect(found.map((f) => `src/${f.file}:${f.line} ${f.text}`)).toEqual([]);
    // A known entry that was moved leaves the list (scripts/literal-text.known.json).
    expect(gone).toEqual([]);
  });
});
