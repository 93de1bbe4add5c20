/**
 * The API report: every name each public entry of the package exports (package.json `exports`), with its kind
 * and, for functions and constants, its type, written to `api/<entry>.api.md`. A change of the public surface
 * shows up in review as a change of these files; `scripts/api-report.test.ts` (in `npm test`) fails when the
 * sources export something the committed report does not say.
 *
 *   npx tsx scripts/api-report.ts          rewrites api/*.api.md
 *   npx tsx scripts/api-report.ts --check  exits 1 when a report is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The public entries: package.json's export path → its source file. */
export const ENTRIES: Readonly<Record<string, string>> = {
  keyway: 'src/index.ts',
  'keyway/components': 'src/components/index.ts',
  'keyway/views': 'src/views/index.ts',
  'keyway/theme': 'src/theme/index.ts',
  'keyway/testing': 'src/testing/index.ts',
  'keyway/ssr': 'src/ssr/index.ts',
};

/** `keyway/views` → `api/views.api.md`; `keyway` → `api/keyway.api.md`. */
export const reportFile = (entry: string) =>
  join('api', `${entry === 'keyway' ? 'keyway' : entry.replace('keyway/', '')}.api.md`);

const FORMAT =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope |
  ts.TypeFormatFlags.WriteArrowStyleSignature;

function program(): ts.Program {
  const configPath = join(repo, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, repo);
  return ts.createProgram(
    Object.values(ENTRIES).map((f) => join(repo, f)),
    { ...parsed.options, noEmit: true },
  );
}

/** A type as written in the report: without the module paths TypeScript adds for names it cannot reach. */
const clean = (text: string) => text.replace(/import\("[^"]*"\)\./g, '');

function kindOf(symbol: ts.Symbol): string {
  const f = symbol.flags;
  if (f & ts.SymbolFlags.Class) return 'class';
  if (f & ts.SymbolFlags.Function) return 'function';
  if (f & ts.SymbolFlags.Variable) return 'const';
  if (f & ts.SymbolFlags.Enum) return 'enum';
  if (f & ts.SymbolFlags.Interface) return 'interface';
  if (f & ts.SymbolFlags.TypeAlias) return 'type';
  return 'other';
}

/** `<T>(props: ButtonProps, ref?: Ref) => Element`: parameters by name (a destructured one as `props`). */
function signatureText(checker: ts.TypeChecker, signature: ts.Signature): string {
  const typeParams = signature.typeParameters?.length
    ? `<${signature.typeParameters.map((t) => checker.typeToString(t, undefined, FORMAT)).join(', ')}>`
    : '';
  const params = signature.parameters.map((param, i) => {
    const decl = param.valueDeclaration as ts.ParameterDeclaration | undefined;
    const name = decl && ts.isIdentifier(decl.name) ? decl.name.text : i === 0 ? 'props' : `arg${i}`;
    const rest = decl?.dotDotDotToken ? '...' : '';
    const optional = decl && (decl.questionToken || decl.initializer) ? '?' : '';
    // The type as the source writes it (`KeywayOptions`), else as the checker infers it.
    const type = decl?.type
      ? decl.type.getText()
      : checker.typeToString(checker.getTypeOfSymbol(param), undefined, FORMAT);
    return `${rest}${name}${optional}: ${type}`;
  });
  const declared = signature.getDeclaration() as ts.SignatureDeclaration | undefined;
  const returns = declared?.type
    ? declared.type.getText()
    : checker.typeToString(signature.getReturnType(), undefined, FORMAT);
  return clean(`${typeParams}(${params.join(', ')}) => ${returns}`);
}

function describe(checker: ts.TypeChecker, exported: ts.Symbol): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const kind = kindOf(symbol);
  const deprecated = symbol.getJsDocTags(checker).some((t) => t.name === 'deprecated')
    ? ' · **deprecated**'
    : '';
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  let shape = '';
  if ((kind === 'function' || kind === 'const') && declaration) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
    const signatures = type.getCallSignatures();
    shape =
      kind === 'function' && signatures.length > 0
        ? signatures.map((s) => signatureText(checker, s)).join(' | ')
        : ts.isVariableDeclaration(declaration) && declaration.type
          ? declaration.type.getText()
          : clean(checker.typeToString(type, undefined, FORMAT));
  }
  return `- \`${exported.name}\` · ${kind}${deprecated}${shape ? `: \`${shape.replace(/`/g, "'")}\`` : ''}`;
}

/** The report of each entry, as written to its file. */
export function apiReports(): Record<string, string> {
  const p = program();
  const checker = p.getTypeChecker();
  const out: Record<string, string> = {};
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const source = p.getSourceFile(join(repo, file));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`api-report: ${file} has no exports`);
    const exports = checker.getExportsOfModule(module).sort((a, b) => (a.name < b.name ? -1 : 1));
    const lines = exports.map((s) => describe(checker, s));
    out[reportFile(entry)] = [
      `# \`${entry}\``,
      '',
      `Every name \`${entry}\` exports (${exports.length}), written by \`scripts/api-report.ts\` from \`${file}\`.`,
      'Do not edit by hand: run `npx tsx scripts/api-report.ts` and review the difference.',
      '',
      ...lines,
      '',
    ].join('\n');
  }
  return out;
}

/** The report files whose committed text differs from the sources'. */
export function staleReports(reports = apiReports()): string[] {
  return Object.entries(reports)
    .filter(([file, text]) => {
      try {
        return readFileSync(join(repo, file), 'utf8') !== text;
      } catch {
        return true;
      }
    })
    .map(([file]) => file);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const reports = apiReports();
  if (process.argv.includes('--check')) {
    const stale = staleReports(reports);
    if (stale.length > 0) {
      console.error(`API report out of date: ${stale.join(', ')}. Run npx tsx scripts/api-report.ts.`);
      process.exit(1);
    }
    console.log('API report up to date.');
  } else {
    for (const [file, text] of Object.entries(reports)) writeFileSync(join(repo, file), text);
    console.log(`wrote ${Object.keys(reports).join(', ')}`);
  }
}
