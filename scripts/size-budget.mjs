#!/usr/bin/env node
/**
 * The size budget (run by `npm test` after the build): builds the Keyway host app of the host benchmark
 * (bench/host-apps/keyway: wagmi + react-query + ConnectButton + KeywayModal) against the packed package
 * with Vite's defaults, and checks its JS against bench/size-budget.json:
 *   - the initial graph (the entry and its static imports), gzip, at most `initialJsGzipKiB`;
 *   - the kit source files in the initial graph are exactly those of `initialKitSources`: a kit file that joins the
 *     initial graph fails the check by name (a view imported statically, say), even when the total fits;
 *   - every lazily loaded chunk that holds a view (or the dialog shell, KeywayDialog) at most
 *     `lazyViewGzipKiB[<View>]` (or `.default`);
 *   - every locale's catalogue chunk (`src/i18n/locales/<locale>.ts`) at most `localeChunkGzipKiB`, and one chunk
 *     for each locale (a catalogue merged into another chunk would load with it).
 * Sizes are deterministic for a given lockfile and source, so this may fail the build. When a change is
 * meant to grow a figure, run `node scripts/size-budget.mjs --write` and commit the new budget with it.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildViteApp, installKit, kib, packKit, readAppGraph, repoRoot, writeViteApp } from './host-app.mjs';

const budgetFile = join(repoRoot, 'bench', 'size-budget.json');
const scratch = join(repoRoot, '.scratch-size-budget');

export function measureKeywayHostApp() {
  rmSync(scratch, { recursive: true, force: true });
  const tarball = packKit(join(scratch, 'pack'));
  const dir = join(scratch, 'keyway');
  cpSync(join(repoRoot, 'bench', 'host-apps', 'keyway'), dir, { recursive: true });
  installKit(dir, tarball);
  writeViteApp(dir, { entry: 'src/main.tsx' });
  buildViteApp(dir);
  const chunks = readAppGraph(dir);
  const initial = chunks.filter((c) => c.initial);
  const views = {};
  const locales = {};
  for (const c of chunks.filter((c) => !c.initial)) {
    for (const f of c.kitSources) {
      const view = /^src\/views\/(\w+View|KeywayDialog)\.tsx$/.exec(f)?.[1];
      if (view) views[view] = Math.max(views[view] ?? 0, kib(c.gzip));
      const locale = /^src\/i18n\/locales\/([\w-]+)\.ts$/.exec(f)?.[1];
      if (locale) locales[locale] = { gzipKiB: kib(c.gzip), kitSources: c.kitSources.length };
    }
  }
  return {
    initialJsGzipKiB: kib(initial.reduce((n, c) => n + c.gzip, 0)),
    initialFiles: initial.map((c) => ({ file: c.file, gzipKiB: kib(c.gzip), kitSources: c.kitSources })),
    initialKitSources: [...new Set(initial.flatMap((c) => c.kitSources))].sort(),
    lazyViews: views,
    localeChunks: locales,
  };
}

function main() {
  const m = measureKeywayHostApp();
  if (process.argv.includes('--write')) {
    const budget = {
      $comment:
        'Checked by scripts/size-budget.mjs in npm test. initialJsGzipKiB and lazyViewGzipKiB are the measured figures plus 1 KiB; initialKitSources are the kit source files allowed in the initial graph; localeChunkGzipKiB is the limit of each catalogue chunk (set, not measured).',
      initialJsGzipKiB: Math.ceil(m.initialJsGzipKiB + 1),
      initialKitSources: m.initialKitSources,
      lazyViewGzipKiB: {
        default: 12,
        ...Object.fromEntries(
          Object.entries(m.lazyViews)
            .filter(([, v]) => v + 1 > 12)
            .map(([k, v]) => [k, Math.ceil(v + 1)]),
        ),
      },
      localeChunkGzipKiB: JSON.parse(readFileSync(budgetFile, 'utf8')).localeChunkGzipKiB ?? 8,
    };
    writeFileSync(budgetFile, `${JSON.stringify(budget, null, 2)}\n`);
    console.log(`wrote ${budgetFile}`);
  }
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
  const problems = [];
  const allowed = new Set(budget.initialKitSources);
  for (const f of m.initialKitSources) {
    if (!allowed.has(f)) {
      const where = m.initialFiles.find((c) => c.kitSources.includes(f));
      problems.push(
        `${f} is now in the initial graph (in ${where?.file}, ${where?.gzipKiB} KiB gzip): load it lazily`,
      );
    }
  }
  if (m.initialJsGzipKiB > budget.initialJsGzipKiB) {
    problems.push(
      `the initial JS is ${m.initialJsGzipKiB} KiB gzip, over the budget of ${budget.initialJsGzipKiB} KiB; ` +
        `its files: ${m.initialFiles.map((c) => `${c.file} ${c.gzipKiB} KiB`).join(', ')}`,
    );
  }
  for (const [view, size] of Object.entries(m.lazyViews)) {
    const max = budget.lazyViewGzipKiB[view] ?? budget.lazyViewGzipKiB.default;
    if (size > max) problems.push(`the chunk of ${view} is ${size} KiB gzip, over its budget of ${max} KiB`);
  }
  for (const [locale, chunk] of Object.entries(m.localeChunks)) {
    if (chunk.gzipKiB > budget.localeChunkGzipKiB) {
      problems.push(
        `the catalogue chunk of ${locale} is ${chunk.gzipKiB} KiB gzip, over its budget of ${budget.localeChunkGzipKiB} KiB`,
      );
    }
    if (chunk.kitSources !== 1) {
      problems.push(
        `the catalogue of ${locale} shares its chunk with ${chunk.kitSources - 1} other kit file(s)`,
      );
    }
  }
  const localeSizes = Object.values(m.localeChunks).map((c) => c.gzipKiB);
  console.log(
    `Keyway host app: initial JS ${m.initialJsGzipKiB} KiB gzip (budget ${budget.initialJsGzipKiB}), ` +
      `${m.initialKitSources.length} kit source files in the initial graph, ${Object.keys(m.lazyViews).length} lazy views, ` +
      `${localeSizes.length} locale chunks of ${Math.min(...localeSizes)}–${Math.max(...localeSizes)} KiB gzip (budget ${budget.localeChunkGzipKiB})`,
  );
  if (problems.length) {
    console.log(`\nSize budget exceeded:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log('Within the size budget (bench/size-budget.json).');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
