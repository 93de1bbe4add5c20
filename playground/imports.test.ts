/**
 * The playground uses the kit's public surface only: its pages import `keyway`, `keyway/views`,
 * `keyway/theme`, `keyway/testing` and `keyway/ssr` (the package's entries), never a path into `src/`, so the demo proves
 * the exports. The names resolve through the alias of playground/vite.config.ts and the `paths` of
 * tsconfig.json, which must both name exactly the package's entries.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const repo = resolve(here, '..');
const kitSources = join(repo, 'src');

/** The package's JS entries (package.json `exports`, without styles.css and package.json). */
const PUBLIC_ENTRIES = [
  'keyway',
  'keyway/components',
  'keyway/views',
  'keyway/theme',
  'keyway/testing',
  'keyway/ssr',
] as const;

/** Every module specifier of a file: static imports and re-exports, side-effect imports, dynamic imports. */
function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) if (m[1]) found.push(m[1]);
  return found;
}

/** Why a specifier of `file` is not allowed in the playground, or null when it is. */
function deepImportProblem(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    const target = resolve(dirname(file), specifier);
    const rel = relative(kitSources, target);
    if (!rel.startsWith('..'))
      return `imports the kit's source ${relative(repo, target)}; use a keyway entry`;
    return null;
  }
  if (specifier === 'keyway' || specifier.startsWith('keyway/')) {
    if ((PUBLIC_ENTRIES as readonly string[]).includes(specifier) || specifier === 'keyway/styles.css')
      return null;
    return `${specifier} is not an entry of the package`;
  }
  if (specifier.startsWith('/') || specifier.includes('/src/')) return `imports ${specifier} by path`;
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('playground imports', () => {
  const files = sourceFiles(join(here, 'src'));

  it('reach the kit only through its package entries', () => {
    expect(files.length).toBeGreaterThan(0);
    const problems = files.flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const problem = deepImportProblem(file, specifier);
        return problem ? [`${relative(repo, file)}: ${problem}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('use the kit: every page imports keyway', () => {
    const kitImports = files
      .flatMap((f) => importSpecifiers(readFileSync(f, 'utf8')))
      .filter((s) => s === 'keyway');
    expect(kitImports.length).toBeGreaterThan(0);
  });

  it('a deep import is refused, whatever its form', () => {
    const page = join(here, 'src', 'Page.tsx');
    const sources = [
      "import { useSend } from '../../src/hooks/send/useSend';",
      "export { viaPairing } from '../../src/views/useWalletPicker';",
      "import '../../src/theme/root.css';",
      "const v = await import('../../src/views/lazyViews');",
      "import { x } from 'keyway/src/index';",
      "import type { SendState } from 'keyway/dist/types/hooks/send/store';",
    ];
    for (const source of sources) {
      const [specifier] = importSpecifiers(source);
      expect(specifier, source).toBeDefined();
      expect(deepImportProblem(page, specifier as string), source).not.toBeNull();
    }
    expect(deepImportProblem(page, 'keyway/views')).toBeNull();
    expect(deepImportProblem(page, './kit')).toBeNull();
    expect(deepImportProblem(page, '../../services/chain/types')).toBeNull();
  });

  it('the package entries, the Vite alias and the tsconfig paths agree', async () => {
    const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const exported = Object.keys(pkg.exports)
      .filter((k) => k !== './styles.css' && k !== './package.json')
      .map((k) => (k === '.' ? 'keyway' : `keyway/${k.slice(2)}`));
    expect(exported.sort()).toEqual([...PUBLIC_ENTRIES].sort());

    const { KEYWAY_SOURCE_ALIASES } = await import('./vite.config.ts');
    const aliasTarget = (name: string) => {
      const alias = KEYWAY_SOURCE_ALIASES.find((a) => a.find.test(name));
      return alias ? name.replace(alias.find, alias.replacement) : null;
    };
    // tsconfig.json holds comments: read its `paths` block only.
    const tsconfig = readFileSync(join(repo, 'tsconfig.json'), 'utf8');
    const pathsBlock = /"paths":\s*(\{[^}]*\})/.exec(tsconfig)?.[1];
    expect(pathsBlock).toBeDefined();
    const paths = JSON.parse(pathsBlock as string) as Record<string, string[]>;
    expect(Object.keys(paths).sort()).toEqual([...PUBLIC_ENTRIES].sort());
    for (const entry of PUBLIC_ENTRIES) {
      const target = aliasTarget(entry);
      expect(target, entry).toBe(resolve(repo, (paths[entry] ?? [])[0] ?? ''));
    }
    expect(aliasTarget('keyway/hooks/send/useSend')).toBeNull();
  });
});
