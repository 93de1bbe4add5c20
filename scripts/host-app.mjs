/**
 * Scratch host apps built from the packed package, shared by the quickstart test (scripts/quickstart.mjs),
 * the size budget (scripts/size-budget.mjs) and the host benchmark (bench/host.ts).
 *
 * An app lives in a folder inside the repository (git-ignored `.scratch-*`), so the kit's peer and own
 * dependencies resolve from the repository's node_modules (the lockfile's versions, no network), while the
 * kit itself is the unpacked tarball in the app's own `node_modules/keyway`: only the published files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const repoRoot = resolve(import.meta.dirname, '..');
export const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);

export function run(cmd, args, cwd, env = {}) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

/** `npm pack` of the built package (dist/ must be current) into `outDir`; returns the tarball's path. */
export function packKit(outDir) {
  mkdirSync(outDir, { recursive: true });
  const r = run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', outDir], repoRoot);
  if (!r.ok) throw new Error(`npm pack failed:\n${r.output}`);
  return join(outDir, r.output.split('\n').filter(Boolean).at(-1));
}

/** Unpacks the tarball into `<appDir>/node_modules/keyway`, as `npm install <tarball>` would place it. */
export function installKit(appDir, tarball) {
  const kitDir = join(appDir, 'node_modules', 'keyway');
  mkdirSync(kitDir, { recursive: true });
  const r = run('tar', ['-xzf', tarball, '-C', kitDir, '--strip-components=1'], appDir);
  if (!r.ok) throw new Error(`unpacking the tarball failed:\n${r.output}`);
}

/**
 * index.html loading `entry`, and a default Vite config (React plugin) that also writes
 * `dist/graph.json`: every JS chunk with its static and dynamic imports and the modules it holds.
 */
export function writeViteApp(appDir, { entry, files = {} }) {
  // The app's own package.json: without one, the nearest is the repository's (named keyway), and `keyway`
  // would resolve to the repository itself (a package may import itself by name) instead of the tarball.
  writeFileSync(
    join(appDir, 'package.json'),
    `${JSON.stringify({ name: 'keyway-host-app', private: true, type: 'module' }, null, 2)}\n`,
  );
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(appDir, path)), { recursive: true });
    writeFileSync(join(appDir, path), code);
  }
  writeFileSync(
    join(appDir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head><meta charset="UTF-8" /><title>host</title></head>\n' +
      `  <body>\n    <div id="root"></div>\n    <script type="module" src="/${entry}"></script>\n  </body>\n</html>\n`,
  );
  writeFileSync(
    join(appDir, 'vite.config.ts'),
    `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Writes dist/graph.json: each chunk's file, entry kind, imports and modules (for budgets and benches). */
const graph = () => ({
  name: 'chunk-graph',
  generateBundle(this: any, _: unknown, bundle: Record<string, any>) {
    const chunks = Object.values(bundle)
      .filter((c) => c.type === 'chunk')
      .map((c) => ({
        file: c.fileName,
        isEntry: c.isEntry,
        isDynamicEntry: c.isDynamicEntry,
        imports: c.imports,
        dynamicImports: c.dynamicImports,
        facadeModuleId: c.facadeModuleId,
        modules: Object.keys(c.modules),
        // Which module of the chunk imports which module dynamically (module ids), for reachability.
        dynamicEdges: Object.fromEntries(
          Object.keys(c.modules)
            .map((id) => [id, this.getModuleInfo(id)?.dynamicallyImportedIds ?? []])
            .filter(([, ids]) => ids.length),
        ),
      }));
    this.emitFile({ type: 'asset', fileName: 'graph.json', source: JSON.stringify(chunks, null, 1) });
  },
});

export default defineConfig({ plugins: [react(), graph()], logLevel: 'warn' });
`,
  );
}

export function buildViteApp(appDir) {
  const r = run(bin('vite'), ['build', '--outDir', 'dist', '--emptyOutDir'], appDir);
  if (!r.ok) throw new Error(`vite build failed in ${appDir}:\n${r.output}`);
}

export const gzipBytes = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

/**
 * The built app's JS as a graph: the initial files (the entry and its static imports, transitively), the
 * lazily loaded ones, gzip sizes, and which of the kit's source files each chunk holds (each dist file of the
 * package is one source module, at the same path).
 */
export function readAppGraph(appDir) {
  const dist = join(appDir, 'dist');
  const chunks = JSON.parse(readFileSync(join(dist, 'graph.json'), 'utf8'));
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const initial = new Set();
  const visit = (file) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const f of byFile.get(file)?.imports ?? []) visit(f);
  };
  for (const c of chunks) if (c.isEntry) visit(c.file);
  /**
   * The kit's source file of one of its dist files. The package ships no source maps: the build writes one dist
   * file per source module at the same path (`hooks/send/store.js` from `src/hooks/send/store.ts`, an entry
   * `views.js` from `src/views/index.ts`); a dist file with no source (the stylesheet, bundled third-party code)
   * stands for itself.
   */
  const kitSources = (distFile) => {
    const stem = /^(.+)\.js$/.exec(distFile)?.[1];
    if (!stem) return [];
    const found = [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`]
      .map((f) => `src/${f}`)
      .find((f) => existsSync(join(repoRoot, f)));
    return found ? [found] : [];
  };
  const kitFiles = (modules) =>
    modules
      .map((id) => /node_modules\/keyway\/dist\/(.+)$/.exec(id.replaceAll('\\', '/'))?.[1])
      .filter(Boolean);
  return chunks.map((c) => {
    const files = kitFiles(c.modules);
    return {
      file: c.file,
      initial: initial.has(c.file),
      facadeModuleId: c.facadeModuleId ?? null,
      modules: c.modules,
      imports: c.imports ?? [],
      dynamicEdges: c.dynamicEdges ?? {},
      gzip: gzipBytes(join(dist, c.file)),
      // Kit source files (`src/views/ConnectView.tsx`), or a dist file without a map (`styles.css`).
      kitSources: [...new Set(files.flatMap((f) => (kitSources(f).length ? kitSources(f) : [f])))],
    };
  });
}

export const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
