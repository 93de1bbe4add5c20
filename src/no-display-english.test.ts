/**
 * The core, the chains and the hooks speak data: no English sentence meant for a user is written there. They
 * report codes with values (`core/messages.ts`), and the catalogue (`i18n/en.ts` and the locales) holds every
 * text; the views and components take theirs from the catalogue too (a constant included). This test reads every
 * string literal of `src/core`, `src/chains`, `src/hooks`, `src/views` and `src/components` (comments do not
 * count) and fails on one that reads as words for people, apart from:
 * - a developer's message: the text of an `Error` (or a kit error class) thrown for a programming or
 *   configuration mistake, of a console/logger line, or of a host option's schema (zod);
 * - the short allow-list below: names (of networks, wallets, the typed-data domain) and spec identifiers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src/core', 'src/chains', 'src/hooks', 'src/views', 'src/components'];

/** Names and identifiers that are not sentences for a user to read in their language. */
const ALLOWED: ReadonlySet<string> = new Set([
  // Network names (spec §9's network table and the local stand-ins): proper names, shown as they are.
  'Arbitrum One',
  'BNB Smart Chain',
  'OP Mainnet',
  'Taiko Mainnet',
  'Keyway Local',
  'Solana Devnet',
  'Solana Testnet',
  'Keyway Local Solana',
  // Wallet and connector names (the explorer's and EIP-6963's proper names).
  'Browser Wallet',
  'Email & Social',
  // The EIP-712 domain of name registrations (signed data, not a text).
  'Keyway Names',
  // A link's `rel` attribute.
  'noopener noreferrer',
]);

/** Calls whose string arguments are for a developer (a console, a thrown programming error), not a user. */
const DEVELOPER_CALLS =
  /^(Error|TypeError|RangeError|KeywayOptionsError|ApiError|PairingExpiredError|super)$/;
const CONSOLE_CALLS = /^(console|logger|log)\.(error|warn|info|log|debug)$/;

/** Two or more words of letters with a space between, starting with a letter: words for people. */
const SENTENCE = /^[A-Za-z][a-z']*(?:[ ,:-]+[A-Za-z][A-Za-z']*)+[.!?…]?$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|stories)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function callee(node: ts.Node): string | null {
  const parent = node.parent;
  if (!parent || !(ts.isCallExpression(parent) || ts.isNewExpression(parent))) return null;
  return parent.expression.getText();
}

/** Inside a zod schema (`z.…(…)`): the messages of host options' validation, for the host's developer. */
function inSchema(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent)
    if (ts.isCallExpression(n) && /^z\s*\./.test(n.expression.getText())) return true;
  return false;
}

/** The allow-list entries met (an entry no file has any more is to be removed). */
const allowedSeen = new Set<string>();

/** The English sentences of one file: `file:line text`. */
function sentencesOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node))
      text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('x');
    if (text !== null) {
      const owner = callee(ts.isTemplateSpan(node.parent) ? node.parent.parent : node);
      const forDeveloper =
        (owner !== null && (DEVELOPER_CALLS.test(owner) || CONSOLE_CALLS.test(owner))) || inSchema(node);
      const words = text.trim();
      if (ALLOWED.has(words)) allowedSeen.add(words);
      else if (!forDeveloper && SENTENCE.test(words) && /[a-z]{2,} [a-z]{2,}/i.test(words)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${relative(process.cwd(), file)}:${line + 1} ${words}`);
      }
      return;
    }
    // A type's string literals (`'evm' | 'solana'`, an option's name) are identifiers.
    if (ts.isLiteralTypeNode(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no English for people in the core, the chains and the hooks', () => {
  it('finds no display sentence outside comments, developer messages and the allow-list', () => {
    const found = ROOTS.flatMap((root) => files(root)).flatMap(sentencesOf);
    expect(found).toEqual([]);
    expect([...ALLOWED].filter((name) => !allowedSeen.has(name))).toEqual([]);
  });

  it('would find one (the check itself works)', () => {
    const probe = ts.createSourceFile(
      'probe.ts',
      "const m = 'Enter an amount';",
      ts.ScriptTarget.Latest,
      true,
    );
    let hit = false;
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) && SENTENCE.test(node.text)) hit = true;
      ts.forEachChild(node, visit);
    };
    visit(probe);
    expect(hit).toBe(true);
  });
});
