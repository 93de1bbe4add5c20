/**
 * Every text a user reads in the styled views comes from the catalogue (`src/i18n/en.ts` and its translations).
 * This test parses every `src/views/*.tsx` and fails on a JSX text with a letter in it, or a string literal with a
 * letter given to a text prop (`aria-label`, `label`, `title`, `placeholder`…) or written as a JSX child, naming the
 * file and line. Symbols and digits (`—`, `0.00`, `·`) are not words and may stay.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const VIEWS = import.meta.dirname;

const TEXT_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'title',
  'label',
  'placeholder',
  'hint',
  'description',
  'badge',
  'error',
  'loadingLabel',
  'closeLabel',
  'backLabel',
  'maxLabel',
  'dismissLabel',
  'resolvingLabel',
  'explorerLabel',
  'labelAside',
]);

const WORD = /\p{L}/u;

function bareTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, text: string) =>
    found.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  const literalText = (e: ts.Expression | undefined): string | null => {
    if (!e) return null;
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
    if (ts.isParenthesizedExpression(e)) return literalText(e.expression);
    if (ts.isConditionalExpression(e)) return literalText(e.whenTrue) ?? literalText(e.whenFalse);
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
      return literalText(e.right);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORD.test(node.text)) at(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText(file))) {
      const init = node.initializer;
      const text =
        init && ts.isStringLiteral(init)
          ? init.text
          : init && ts.isJsxExpression(init)
            ? literalText(init.expression)
            : null;
      if (text !== null && WORD.test(text)) at(node, `${node.name.getText(file)}="${text}"`);
    }
    if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const text = literalText(node.expression);
      if (text !== null && WORD.test(text)) at(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('view texts', () => {
  it('finds bare texts and passes catalogue texts', () => {
    const view = `
      export function A({ m }) {
        return (
          <section aria-label="Tokens">
            <p>No tokens yet</p>
            <p>{'Loading'}</p>
            <Spinner label={busy ? 'Busy' : null} />
            <p>{m.tokens.empty}</p>
            <input placeholder="0.00" aria-label={m.tokens.list} />
            <span>—</span>
          </section>
        );
      }`;
    expect(bareTexts('A.tsx', view).map((f) => f.replace(/^A\.tsx:\d+: /, ''))).toEqual([
      'aria-label="Tokens"',
      'No tokens yet',
      'Loading',
      'label="Busy"',
    ]);
  });

  it('no view shows a bare string literal', () => {
    const files = readdirSync(VIEWS).filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'));
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((f) => bareTexts(f, readFileSync(join(VIEWS, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
