#!/usr/bin/env node
// `npm test`: every suite of the project, then one closing line `N passed, N failed` with the total.
// Each static check (typecheck, lint, fixed sleeps, layers, build, package checks, server rendering, the Next.js
// example) counts as one test; Vitest's projects (unit, dom, storybook, visual, csp, services, e2e) count their
// own tests, read from its JSON report.
//
// The static checks run one after another, then Vitest (`--beside`: side by side with it). Each check's
// output is printed as one block when it ends; Vitest's goes straight through. `npm test -- typecheck lint`
// runs only the named steps (`vitest` is the name of the whole Vitest run).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const results = [];
/** The output of each static check that failed, printed again at the very end (CI shows a log's tail). */
const failedOutputs = [];
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const wanted = (name) => !only.length || only.includes(name);
const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Runs one command; resolves with its success. `live` passes its output straight through; otherwise it
 * is kept and printed as one block at the end, so that it does not interleave with Vitest's lines.
 */
function run(name, cmd, args, { live = false } = {}) {
  const since = Date.now();
  if (live) console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    child.on('close', (code) => {
      const ok = code === 0;
      if (!live) {
        const text = Buffer.concat(output).toString().trimEnd();
        console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}${text ? `\n${text}` : ''}`);
        if (!ok) failedOutputs.push({ name, text });
      }
      console.log(`${ok ? '✔' : '✘'} ${name} (${seconds(since)} s)`);
      resolve(ok);
    });
  });
}

async function step(name, cmd, args) {
  if (!wanted(name)) return true;
  const ok = await run(name, cmd, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

async function staticChecks() {
  await step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
  await step('lint', 'npx', ['biome', 'check', '.']);
  // Tests wait for conditions, never for fixed delays (scripts/fixed-sleeps.mjs says what counts as one).
  await step('no-fixed-sleeps', 'node', ['scripts/fixed-sleeps.mjs']);
  // Who may import whom in src/, and no import cycle (.dependency-cruiser.cjs).
  await step('layers', 'npx', [
    'depcruise',
    'src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'err',
  ]);
  const built = await step('build', 'npm', ['run', 'build', '--silent']);
  const afterBuild = ['publint', 'attw', 'ssr', 'quickstart', 'size-budget', 'pack-budget', 'nextjs'];
  if (!built) {
    for (const name of afterBuild.filter(wanted)) results.push({ name, passed: 0, failed: 1 });
    return;
  }
  await step('publint', 'npx', ['publint', '--strict']);
  await step('attw', 'npx', [
    'attw',
    '--pack',
    '.',
    '--profile',
    'esm-only',
    '--exclude-entrypoints',
    'styles.css',
  ]);
  // The built entries imported and the components rendered in Node, with no browser global read.
  await step('ssr', 'node', ['scripts/ssr-check.mjs']);
  // The README's and docs' host examples, compiled and built against the packed package.
  await step('quickstart', 'node', ['scripts/quickstart.mjs']);
  // The Keyway host app's initial graph and lazy views against bench/size-budget.json.
  await step('size-budget', 'node', ['scripts/size-budget.mjs']);
  // The package as `npm pack` would publish it: unpacked size, files, largest file (bench/pack-budget.json).
  await step('pack-budget', 'node', ['scripts/pack-budget.mjs']);
  // The Next.js host (examples/nextjs) built with `next build` from the packed package and its server's HTML.
  await step('nextjs', 'node', ['scripts/nextjs-example.mjs']);
}

async function vitest() {
  if (!wanted('vitest')) return;
  mkdirSync('.test-results', { recursive: true });
  const report = '.test-results/vitest.json';
  rmSync(report, { force: true });
  const ok = await run(
    'vitest',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { live: true },
  );
  if (!existsSync(report)) {
    results.push({ name: 'vitest (no report)', passed: 0, failed: 1 });
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  printProjectTimes(json);
  printFailures(json);
  // Suites that failed to load (a broken import) count as failures even though they ran no test.
  const brokenSuites = (json.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  results.push({
    name: 'vitest',
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + brokenSuites,
  });
  // Vitest can exit non-zero with no failed test (an unhandled error, a config error): that is a failure too.
  if (!ok && (json.numFailedTests ?? 0) + brokenSuites === 0) {
    results.push({ name: 'vitest (exited with an error)', passed: 0, failed: 1 });
  }
}

/**
 * The failed tests again, one line each with the first line of its message, last in the output: a DOM
 * dump of a failed query can run to thousands of lines, and a log cut to its tail must still name them.
 */
function printFailures(json) {
  const lines = [];
  for (const f of json.testResults ?? []) {
    const file = relative(process.cwd(), f.name).split(sep).join('/');
    const failed = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (f.status === 'failed' && failed.length === 0)
      lines.push(`  ${file}: ${firstLine(f.message) || 'the file failed to load'}`);
    for (const t of failed)
      lines.push(`  ${file} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
  }
  if (!lines.length) return;
  console.log(`\nFailed tests (${lines.length}):`);
  for (const line of lines) console.log(line);
}

/** The first non-empty line of a failure message, without colour codes, at most 300 characters. */
function firstLine(message) {
  const text = stripVTControlCharacters(String(message ?? ''));
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

/** The Vitest project a test file belongs to (the same globs as vitest.config.ts). */
function projectOf(file) {
  const path = relative(process.cwd(), file).split(sep).join('/');
  if (path.startsWith('e2e/')) return 'e2e';
  if (path.startsWith('services/')) return 'services';
  if (path === 'visual/csp.test.ts') return 'csp';
  if (path.startsWith('visual/')) return 'visual';
  if (path.endsWith('.stories.tsx')) return 'storybook';
  if (path.endsWith('.test.tsx')) return 'dom';
  return 'unit';
}

/**
 * Where the minutes went, per project: from its first file's start to its last file's end, counted from
 * the first file's start (projects run side by side, so the spans overlap), and the files' own durations
 * added up.
 */
function printProjectTimes(json) {
  const projects = new Map();
  for (const f of json.testResults ?? []) {
    const name = projectOf(f.name);
    const p = projects.get(name) ?? { files: 0, tests: 0, start: Number.POSITIVE_INFINITY, end: 0, busy: 0 };
    p.files++;
    p.tests += (f.assertionResults ?? []).length;
    if (f.startTime) p.start = Math.min(p.start, f.startTime);
    if (f.endTime) p.end = Math.max(p.end, f.endTime);
    if (f.startTime && f.endTime) p.busy += f.endTime - f.startTime;
    projects.set(name, p);
  }
  if (!projects.size) return;
  const first = Math.min(...[...projects.values()].map((p) => p.start));
  const s = (ms) => (ms / 1000).toFixed(0).padStart(4);
  console.log(
    '\nVitest projects (s from the first file: first start → last end, span; file durations added up):',
  );
  for (const [name, p] of [...projects].sort((a, b) => a[1].start - b[1].start)) {
    console.log(
      `  ${name.padEnd(10)} ${String(p.files).padStart(4)} files ${String(p.tests).padStart(5)} tests ${s(p.start - first)} → ${s(p.end - first)} s, span ${s(p.end - p.start)} s, files ${s(p.busy)} s`,
    );
  }
}

// The static checks first, then Vitest. `--beside` runs them side by side: their compilers and bundlers
// (typecheck, build, the README's host examples) then overlap Vitest's first minutes; idle that was not
// faster on 2 cores (9.4 against 8.7 min), and with one core busy two dom tests waiting for lazily loaded
// views timed out (30 s, 60 s) in such a run.
if (process.argv.includes('--beside')) await Promise.all([staticChecks(), vitest()]);
else {
  await staticChecks();
  await vitest();
}

for (const { name, text } of failedOutputs) {
  const lines = stripVTControlCharacters(text).split('\n');
  console.log(`\n✘ ${name} failed; the last ${Math.min(lines.length, 60)} lines of its output:`);
  console.log(lines.slice(-60).join('\n'));
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`\nSummary (${seconds(started)} s):`);
for (const r of results)
  console.log(`  ${r.failed ? '✘' : '✔'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
