/**
 * Finds user-visible literal text in the web app's JSX (issue 24): JSX text children and string
 * `aria-label`, `title`, `placeholder` and `alt` props. Every such text belongs in the catalogs
 * (src/locales). Run by src/lib/i18n/catalogs.test.ts (so by `npm test`), or by hand:
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
}

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

/** The literal texts of one .tsx source. */
export function literalTexts(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const add = (node: ts.Node, text: string) =>
    findings.push({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      text: text.trim(),
    });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) add(node, node.text);
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

/** Every component source of the app (tests and test helpers aside), relative to `srcDir`. */
export function componentFiles(srcDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test') walk(full);
      } else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')) {
        out.push(path.relative(srcDir, full).split(path.sep).join('/'));
      }
    }
  };
  walk(srcDir);
  return out.sort();
}

export function scan(srcDir: string): Finding[] {
  return componentFiles(srcDir).flatMap((file) =>
    literalTexts(file, readFileSync(path.join(srcDir, file), 'utf8')),
  );
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const findings = scan(path.join(import.meta.dirname, '..', 'src'));
  for (const f of findings) console.log(`src/${f.file}:${f.line}  ${JSON.stringify(f.text)}`);
  console.log(`${findings.length} literal texts in ${new Set(findings.map((f) => f.file)).size} files`);
  process.exitCode = findings.length ? 1 : 0;
}
