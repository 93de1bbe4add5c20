#!/usr/bin/env node
/**
 * Proves the host examples in the docs compile against the packed package, as a host app would use it.
 *
 * A code block is a host example when its info string names a file: ```tsx host-example=src/main.tsx
 * (GitHub and Storybook read only the first word, so it still renders as tsx). For README.md and each
 * docs/*.md that has such blocks, this script:
 *   1. packs the package (`npm pack`, from the `dist/` that `npm run build` wrote) and unpacks the tarball
 *      into a scratch Vite + TypeScript app's `node_modules/keyway`, so only the published files are seen;
 *   2. writes each block to the file it names, plus an index.html, a tsconfig and a Vite config;
 *   3. runs `tsc --noEmit` twice (skipLibCheck true, then false, so the kit's own .d.ts are checked too)
 *      and `vite build`.
 * The scratch apps live in `.scratch-quickstart/` (git-ignored) inside the repository, so the kit's peer and
 * own dependencies resolve from the repository's node_modules: the versions of the lockfile, no network.
 * Exits non-zero when any doc's examples fail, naming the doc and the step.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bin, installKit, packKit, repoRoot as root, run, writeViteApp } from './host-app.mjs';

const scratch = join(root, '.scratch-quickstart');

/** Host-example blocks of one markdown file: [{ path, code, line }]. */
export function extractHostExamples(markdown) {
  const blocks = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)\s+host-example=(\S+)\s*$/.exec(lines[i]);
    if (!open) continue;
    const body = [];
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) body.push(lines[j++]);
    if (j >= lines.length) throw new Error(`unclosed host-example block at line ${i + 1}`);
    const path = open[2];
    if (path.startsWith('/') || path.split('/').includes('..')) {
      throw new Error(`host-example path must stay inside the app: ${path} (line ${i + 1})`);
    }
    blocks.push({ path, code: `${body.join('\n')}\n`, line: i + 1 });
    i = j;
  }
  return blocks;
}

/**
 * With skipLibCheck false, tsc also reports errors inside other packages' declarations (wagmi's against the
 * installed react-query, for one): those are not the kit's to fix. Only errors in the app or in the kit's own
 * files (`node_modules/keyway/`) fail the step; the others are counted in its output.
 */
export function kitTypeErrors(output) {
  const errors = output.split('\n').filter((l) => /^\S.*\(\d+,\d+\): error TS\d+/.test(l));
  const own = errors.filter((l) => !l.includes('node_modules/') || l.includes('node_modules/keyway/'));
  return { own, others: errors.length - own.length };
}

function docsWithExamples() {
  const files = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
    f.endsWith('.md'),
  );
  return files
    .map((file) => ({ file, blocks: extractHostExamples(readFileSync(join(root, file), 'utf8')) }))
    .filter((d) => d.blocks.length > 0);
}

function writeApp(dir, tarball, blocks) {
  installKit(dir, tarball);
  // One entry that loads every example module, so `vite build` bundles (and tree-shakes) all of them.
  const modules = blocks.filter((b) => /\.(tsx?|jsx?)$/.test(b.path));
  writeViteApp(dir, {
    entry: 'entry.ts',
    files: {
      ...Object.fromEntries(blocks.map((b) => [b.path, b.code])),
      'entry.ts': `${modules.map((b) => `import './${b.path.replace(/\.(tsx?|jsx?)$/, '')}';`).join('\n')}\n`,
    },
  });
  // The tsconfig of a fresh `npm create vite` React + TypeScript app (strict, bundler resolution).
  for (const skipLibCheck of [true, false]) {
    writeFileSync(
      join(dir, `tsconfig.${skipLibCheck ? 'skip' : 'full'}.json`),
      JSON.stringify(
        {
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
            module: 'ESNext',
            moduleResolution: 'bundler',
            jsx: 'react-jsx',
            strict: true,
            noUnusedLocals: true,
            noUnusedParameters: true,
            noFallthroughCasesInSwitch: true,
            isolatedModules: true,
            verbatimModuleSyntax: true,
            moduleDetection: 'force',
            noEmit: true,
            types: ['vite/client'],
            skipLibCheck,
          },
          include: ['src', 'entry.ts'],
        },
        null,
        2,
      ),
    );
  }
}

function main() {
  rmSync(scratch, { recursive: true, force: true });
  const docs = docsWithExamples();
  if (!docs.length) throw new Error('no host-example blocks found in README.md or docs/');
  const tarball = packKit(join(scratch, 'pack'));
  const failures = [];
  for (const doc of docs) {
    const dir = join(scratch, doc.file.replace(/[^\w]+/g, '-'));
    writeApp(dir, tarball, doc.blocks);
    const steps = [
      ['tsc (skipLibCheck: true)', bin('tsc'), ['-p', 'tsconfig.skip.json']],
      ['tsc (skipLibCheck: false)', bin('tsc'), ['-p', 'tsconfig.full.json', '--pretty', 'false']],
      ['vite build', bin('vite'), ['build', '--outDir', 'dist', '--emptyOutDir']],
    ];
    for (let [name, cmd, args] of steps) {
      const r = run(cmd, args, dir);
      if (name.includes('skipLibCheck: false') && !r.ok) {
        const { own, others } = kitTypeErrors(r.output);
        // Succeeds only when tsc failed for other packages' declarations alone (and said so).
        if (own.length === 0 && others > 0) {
          r.ok = true;
          name += ` (${others} error(s) in other packages' declarations, not the kit's: ignored)`;
        } else if (own.length > 0) r.output = own.join('\n');
      }
      const where = `${doc.file} (${doc.blocks.map((b) => `${b.path}@${b.line}`).join(', ')})`;
      console.log(`${r.ok ? '✔' : '✘'} ${where}: ${name}`);
      if (!r.ok) {
        failures.push(where);
        console.log(r.output.replaceAll(dir, relative(root, dir)));
        break;
      }
    }
  }
  if (failures.length) {
    console.log(
      `\nHost examples that do not compile against the packed package:\n- ${failures.join('\n- ')}`,
    );
    process.exit(1);
  }
  console.log(
    `\nAll host examples of ${docs.length} document(s) compile and build against the packed package.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
