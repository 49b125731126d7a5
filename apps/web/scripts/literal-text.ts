/**
 * Finds user-visible literal text in the web app: JSX text children and string
 * `aria-label`, `title`, `placeholder` and `alt` props, and, in every .ts and .tsx source, string
 * literals that read as a sentence (`SENTENCE`: a capital, then lower case, and at least two
 * words), wherever they stand except where only a developer reads them (an `Error`, a console
 * call, a module name, a type, an object key, a comparison). A sentence in code is almost always
 * shown to someone (a returned validation message, a `loadErrorText: '…'`, a prop), and code
 * strings (classes, keys, routes, date patterns, MIME types) are not sentences, so the rule stays
 * quiet. Every such text belongs in the catalogs (src/locales) or is a contract message with a
 * code. Sentences found before .ts files were read are listed in literal-text.known.json, which
 * only shrinks. Run by src/lib/i18n/catalogs.test.ts (so by `npm test`), or by hand:
 * `npx tsx apps/web/scripts/literal-text.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const TEXT_PROPS = new Set(['aria-label', 'title', 'placeholder', 'alt']);

export interface Finding {
  file: string;
  line: number;
  text: string;
  /** `jsx`: a text child or text prop; `sentence`: a sentence in a string literal. */
  rule: 'jsx' | 'sentence';
}

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/** "Failed to load messages", "File size must be less than …": a capital, lower case, 2+ words. */
export const SENTENCE = /^\p{Lu}\p{Ll}+[,:]? +[\p{L}\p{N}(“"'‘]/u;

/** Calls whose string arguments only a developer reads. */
const DEVELOPER_CALLS = /^(?:console\.\w+|(?:\w*Error)|assert\w*|invariant)$/;

/** A string that is the value of an `aria-label`, `title`, … prop (the JSX rule reports it). */
function inTextProp(node: ts.Node): boolean {
  let up = node.parent;
  if (up && ts.isJsxExpression(up)) up = up.parent;
  return up !== undefined && ts.isJsxAttribute(up) && TEXT_PROPS.has(up.name.getText());
}

function developerOnly(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent))
    return true;
  if (ts.isExternalModuleReference(parent) || ts.isLiteralTypeNode(parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node)
    return true;
  if (ts.isBinaryExpression(parent) && /^(?:===|!==|==|!=)$/.test(parent.operatorToken.getText()))
    return true;
  if (ts.isCaseClause(parent)) return true;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression)
    return DEVELOPER_CALLS.test(parent.expression.getText());
  if (ts.isThrowStatement(parent)) return true;
  return false;
}

/** The literal texts of one .tsx source. */
export function literalTexts(file: string, source: string): Finding[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const findings: Finding[] = [];
  const add = (node: ts.Node, text: string, rule: Finding['rule'] = 'jsx') =>
    findings.push({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      text: text.trim(),
      rule,
    });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) add(node, node.text);
    // Outside the text props (found above): a sentence in a string or a template's head.
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) &&
      SENTENCE.test(node.text) &&
      !inTextProp(node) &&
      !developerOnly(ts.isTemplateHead(node) ? node.parent : node)
    )
      add(node, node.text, 'sentence');
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(sf)) && node.initializer) {
      let value: ts.Node | undefined = node.initializer;
      if (ts.isJsxExpression(value)) value = value.expression;
      if (
        value &&
        (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) &&
        hasWords(value.text)
      ) {
        add(node, value.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

/** Tests, declarations and the data only tests import (`*-fixtures.ts`, `test-data.ts`). */
const TEST_ONLY = /(?:\.test\.tsx?|\.d\.ts|-fixtures\.ts|^test-data\.ts)$/;

/** Every source of the app, .ts and .tsx (tests and test helpers aside), relative to `srcDir`. */
export function componentFiles(srcDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !TEST_ONLY.test(entry.name)) {
        out.push(path.relative(srcDir, full).split(path.sep).join('/'));
      }
    }
  };
  walk(srcDir);
  return out.sort();
}

/**
 * Literals found before the check read .ts files, still to move into the catalogs: `file: text`.
 * The check fails for any other finding, and for an entry here that is no longer found (so the
 * list only shrinks).
 */
export const KNOWN_LITERALS_FILE = path.join(import.meta.dirname, 'literal-text.known.json');

export function knownLiterals(): string[] {
  return JSON.parse(readFileSync(KNOWN_LITERALS_FILE, 'utf8')) as string[];
}

export const findingKey = (f: Finding) => `${f.file}: ${f.text}`;

/** The findings of `rule` in every source under `srcDir` (one parse per file for both rules). */
export function scan(srcDir: string, rule: Finding['rule'] = 'jsx'): Finding[] {
  let all = scanned.get(srcDir);
  if (!all) {
    all = componentFiles(srcDir).flatMap((file) =>
      literalTexts(file, readFileSync(path.join(srcDir, file), 'utf8')),
    );
    scanned.set(srcDir, all);
  }
  return all.filter((f) => f.rule === rule);
}
const scanned = new Map<string, Finding[]>();

/** Sentences in code that are not in the known list, and known entries no longer found. */
export function unknownSentences(srcDir: string): { found: Finding[]; gone: string[] } {
  const known = new Set(knownLiterals());
  const sentences = scan(srcDir, 'sentence');
  const seen = new Set(sentences.map(findingKey));
  return {
    found: sentences.filter((f) => !known.has(findingKey(f))),
    gone: [...known].filter((k) => !seen.has(k)),
  };
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const src = path.join(import.meta.dirname, '..', 'src');
  const { found, gone } = unknownSentences(src);
  const findings = [...scan(src), ...found];
  for (const f of findings) console.log(`src/${f.file}:${f.line}  ${JSON.stringify(f.text)}`);
  for (const k of gone) console.log(`no longer found, remove from literal-text.known.json: ${k}`);
  console.log(`${findings.length} literal texts in ${new Set(findings.map((f) => f.file)).size} files`);
  process.exitCode = findings.length || gone.length ? 1 : 0;
}
