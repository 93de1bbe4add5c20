/**
 * Every text a user reads in the styled views comes from the catalogue (`src/i18n/en.ts` and its translations).
 * This test parses every `src/views/*.tsx` and fails on a JSX text with a letter in it, or a string literal with a
 * letter given to a text prop (`aria-label`, `label`, `title`, `placeholder`…) or written as a JSX child, naming the
 * file and line. Symbols and digits (`—`, `0.00`, `·`) are not words and may stay. The components
 * (every `.tsx` under `src/components`) hold no text of their own: a bare text there, or a text prop's default
 * (`label = 'Loading'`, a message function that writes English), fails the same way; the views pass the
 * catalogue's texts in.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const VIEWS = import.meta.dirname;
const COMPONENTS = join(VIEWS, '..', 'components');

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

/** A prop that holds a text: `label`, `resolvingLabel`, `placeholder`, `tooManyDecimalsMessage`, `digitLabel`… */
const TEXT_PROP_NAME = /(label|message|text|placeholder|title|hint|description|alt)$/i;

/** The words written in an expression: its string literals and the literal parts of its templates. */
function wordsIn(node: ts.Node): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && WORD.test(n.text))
      out.push(n.text);
    else if (ts.isTemplateExpression(n)) {
      const parts = [n.head.text, ...n.templateSpans.map((span) => span.literal.text)];
      if (parts.some((part) => WORD.test(part))) out.push(parts.join('…'));
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/** Defaults of text props in a component's destructured props (`{ label = 'Loading' }`). */
function defaultTexts(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isBindingElement(node) && node.initializer && ts.isObjectBindingPattern(node.parent)) {
      const name = (node.propertyName ?? node.name).getText(file).replace(/^['"]|['"]$/g, '');
      if (TEXT_PROP_NAME.test(name) || TEXT_PROPS.has(name))
        for (const text of wordsIn(node.initializer))
          found.push(
            `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${name} = "${text}"`,
          );
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every component source under `dir` (not tests). */
function componentFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return componentFiles(path);
    return entry.endsWith('.tsx') && !entry.endsWith('.test.tsx') ? [path] : [];
  });
}

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

  it('finds English defaults of component text props and passes other defaults', () => {
    const component = `
      export function C({
        size = 'md',
        label = 'Loading',
        resolvingLabel = \`Resolving\`,
        tooManyDecimalsMessage = (n) => (n === 0 ? 'No decimals' : \`Use at most \${n} decimals\`),
        digitLabel,
        placement = 'top',
        'aria-label': ariaLabel = 'Close',
        maxLabel = '—',
      }) {
        return null;
      }`;
    expect(defaultTexts('C.tsx', component).map((f) => f.replace(/^C\.tsx:\d+: /, ''))).toEqual([
      'label = "Loading"',
      'resolvingLabel = "Resolving"',
      'tooManyDecimalsMessage = "No decimals"',
      'tooManyDecimalsMessage = "Use at most … decimals"',
      'aria-label = "Close"',
    ]);
  });

  it('no component has an English default text or a bare text', () => {
    const files = componentFiles(COMPONENTS);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) => {
      const name = f.slice(COMPONENTS.length + 1);
      const source = readFileSync(f, 'utf8');
      return [...defaultTexts(name, source), ...bareTexts(name, source)];
    });
    expect(found).toEqual([]);
  });
});
