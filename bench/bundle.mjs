#!/usr/bin/env node
// `npm run bench:bundle`: builds the playground (playground/vite.config.ts) and reports the gzip size of
// what a host page loads
//   - before the modal is opened: the HTML, the entry chunk and its static imports (JS + CSS);
//   - after: plus the modal's lazily loaded view code (every chunk reached through a dynamic import of a
//     kit module, with its static imports). KeywayModal fetches these on first open, or when the page is
//     idle (its default `preload="idle"`), never on the critical path.
// Lazy chunks of dependencies (loaded only for a specific action, e.g. viem's CCIP read) are listed apart.
// Also lists the largest modules of the styled page's initial JS. Writes bench/results/bundle.json.
// Sizes: gzip level 9 (zlib), bytes. Not part of `npm test`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, version as viteVersion } from 'vite';

const repo = resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'keyway-bench-bundle-'));
const PAGES = { styled: 'index.html', headless: 'headless.html' };

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** Rendered size of each module in each chunk, from the bundler's own output (for the "largest" list). */
const modulesByChunk = new Map();
const captureModules = {
  name: 'keyway-bench-modules',
  generateBundle(_options, bundle) {
    for (const item of Object.values(bundle)) {
      if (item.type !== 'chunk') continue;
      const mods = Object.entries(item.modules).map(([id, m]) => ({ id, size: m.renderedLength }));
      modulesByChunk.set(item.fileName, mods);
    }
  },
};

function packageOf(id) {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const nm = clean.lastIndexOf('node_modules/');
  if (nm === -1) return relative(repo, clean).split('/').slice(0, 2).join('/');
  const rest = clean.slice(nm + 'node_modules/'.length).split('/');
  return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

/** The package (or kit folder) with the most code in a chunk. */
function largestPackage(file) {
  const sizes = new Map();
  for (const m of modulesByChunk.get(file) ?? [])
    sizes.set(packageOf(m.id), (sizes.get(packageOf(m.id)) ?? 0) + m.size);
  return [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

function fileSizes(file) {
  const buf = readFileSync(join(outDir, file));
  return { file, bytes: buf.length, gzip: gz(buf) };
}

function sum(files) {
  const list = files.map(fileSizes);
  const js = list.filter((f) => f.file.endsWith('.js'));
  const css = list.filter((f) => f.file.endsWith('.css'));
  const total = (l) => ({
    bytes: l.reduce((n, f) => n + f.bytes, 0),
    gzip: l.reduce((n, f) => n + f.gzip, 0),
  });
  return { files: list.length, js: total(js), css: total(css), total: total(list) };
}

function analyse(manifest, page) {
  const entry = manifest[page];
  if (!entry) throw new Error(`no manifest entry for ${page}`);
  const files = new Set();
  const staticKeys = new Set();
  const addStatic = (key) => {
    if (staticKeys.has(key)) return;
    staticKeys.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const k of chunk.imports ?? []) addStatic(k);
  };
  addStatic(page);
  const initialFiles = [...files];

  // Lazily loaded code: dynamic imports of kit modules (views, view parts), transitively.
  const lazyKit = new Set();
  const lazyOther = new Set();
  const seen = new Set(staticKeys);
  const queue = [...staticKeys];
  while (queue.length) {
    const key = queue.shift();
    for (const dyn of manifest[key].dynamicImports ?? []) {
      // A locale's catalogue loads only when that locale is selected: on demand, like the optional connectors.
      const isCatalogue = dyn.includes('/i18n/locales/');
      const isKit =
        !isCatalogue &&
        !dyn.includes('node_modules') &&
        (dyn.startsWith('../src/') || dyn.startsWith('src/'));
      (isKit ? lazyKit : lazyOther).add(dyn);
      if (seen.has(dyn)) continue;
      const collect = new Set();
      const walk = (k) => {
        if (seen.has(k)) return;
        seen.add(k);
        collect.add(k);
        for (const s of manifest[k].imports ?? []) walk(s);
      };
      walk(dyn);
      if (isKit) queue.push(...collect);
      for (const k of collect) {
        const chunk = manifest[k];
        if (isKit) {
          files.add(chunk.file);
          for (const css of chunk.css ?? []) files.add(css);
        }
      }
    }
  }
  const afterFiles = [...files];
  const fileToKey = new Map(Object.entries(manifest).map(([k, c]) => [c.file, c.src ?? k]));
  const viewFiles = afterFiles.filter((f) => !initialFiles.includes(f));
  const html = { bytes: readFileSync(join(outDir, page)).length, gzip: gz(readFileSync(join(outDir, page))) };

  const initialJs = initialFiles.filter((f) => f.endsWith('.js'));
  const modules = initialJs.flatMap((f) => modulesByChunk.get(f) ?? []);
  const byPackage = new Map();
  for (const m of modules) byPackage.set(packageOf(m.id), (byPackage.get(packageOf(m.id)) ?? 0) + m.size);
  const largestPackages = [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, bytes]) => ({ name, renderedBytes: bytes }));
  const largestModules = modules
    .sort((a, b) => b.size - a.size)
    .slice(0, 12)
    .map((m) => ({ module: relative(repo, m.id.replace(/^\0/, '')), renderedBytes: m.size }));

  const before = sum(initialFiles);
  const after = sum(afterFiles);
  return {
    html,
    beforeOpen: { ...before, totalWithHtml: { gzip: before.total.gzip + html.gzip } },
    afterOpen: { ...after, totalWithHtml: { gzip: after.total.gzip + html.gzip } },
    lazyViewChunks: viewFiles
      .map((f) => ({ module: fileToKey.get(f) ?? f, mostly: largestPackage(f), ...fileSizes(f) }))
      .sort((a, b) => b.gzip - a.gzip),
    otherLazyChunks: [...lazyOther]
      .filter((k) => !files.has(manifest[k].file))
      .map((k) => ({ module: k, ...fileSizes(manifest[k].file) }))
      .sort((a, b) => b.gzip - a.gzip),
    initialChunks: initialFiles.map(fileSizes).sort((a, b) => b.gzip - a.gzip),
    largestPackagesInInitialJs: largestPackages,
    largestModulesInInitialJs: largestModules,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

try {
  const started = Date.now();
  await build({
    configFile: join(repo, 'playground', 'vite.config.ts'),
    logLevel: 'error',
    plugins: [captureModules],
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json', chunkSizeWarningLimit: 8192 },
  });
  const buildMs = Date.now() - started;
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
  const pages = Object.fromEntries(
    Object.entries(PAGES).map(([name, page]) => [name, analyse(manifest, page)]),
  );
  const result = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    vite: viteVersion,
    buildMs,
    compression: 'gzip level 9',
    pages,
  };
  mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
  writeFileSync(join(repo, 'bench', 'results', 'bundle.json'), `${JSON.stringify(result, null, 2)}\n`);

  console.log(
    `Playground bundle (vite ${viteVersion}, built in ${(buildMs / 1000).toFixed(1)} s; gzip -9)\n`,
  );
  const rows = [['page', 'moment', 'files', 'JS gzip', 'CSS gzip', 'total gzip', 'total raw']];
  for (const [name, p] of Object.entries(pages)) {
    for (const [moment, s] of [
      ['before open', p.beforeOpen],
      ['after open', p.afterOpen],
    ]) {
      rows.push([
        name,
        moment,
        String(s.files),
        kb(s.js.gzip),
        kb(s.css.gzip),
        kb(s.total.gzip),
        kb(s.total.bytes),
      ]);
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => (j < 2 ? c.padEnd(widths[j]) : c.padStart(widths[j]))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  const styled = pages.styled;
  console.log("\nLargest packages in the styled page's initial JS (rendered, before minification):");
  for (const p of styled.largestPackagesInInitialJs.slice(0, 8))
    console.log(`  ${p.name.padEnd(36)} ${kb(p.renderedBytes)}`);
  console.log('\nLazy view chunks of the styled page (largest first):');
  for (const c of styled.lazyViewChunks.filter((x) => x.file.endsWith('.js')).slice(0, 8)) {
    const name = c.module.replace(/^\.\.\//, '');
    console.log(`  ${name.padEnd(44)} ${(c.mostly ?? '').padEnd(28)} ${kb(c.gzip)}`);
  }
  if (styled.otherLazyChunks.length) {
    console.log('\nOther lazy chunks (only on demand, not counted above):');
    for (const c of styled.otherLazyChunks) {
      console.log(`  ${c.module.replace(/^\.\.\//, '').padEnd(56)} ${kb(c.gzip)}`);
    }
  }
  console.log(`\nWrote ${relative(repo, join(repo, 'bench', 'results', 'bundle.json'))}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
