#!/usr/bin/env node
// `npm test`: every suite of the project, then one closing line `N passed, N failed` with the total.
// Each static check (typecheck, lint, build, package checks) counts as one test; Vitest's projects
// (unit, dom, storybook, visual, services, e2e) count their own tests, read from its JSON report.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = [];
const only = process.argv.slice(2);

function step(name, cmd, args, opts = {}) {
  if (only.length && !only.includes(name)) return true;
  const started = Date.now();
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' }, ...opts });
  const ok = r.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (opts.counts !== false) results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
step('lint', 'npx', ['biome', 'check', '.']);
const built = step('build', 'npm', ['run', 'build', '--silent']);
if (built) {
  step('publint', 'npx', ['publint', '--strict']);
  step('attw', 'npx', [
    'attw',
    '--pack',
    '.',
    '--profile',
    'esm-only',
    '--exclude-entrypoints',
    'styles.css',
  ]);
  // The README's and docs' host examples, compiled and built against the packed package.
  step('quickstart', 'node', ['scripts/quickstart.mjs']);
  // The Keyway host app's initial graph and lazy views against bench/size-budget.json.
  step('size-budget', 'node', ['scripts/size-budget.mjs']);
} else if (!only.length) {
  results.push(
    { name: 'publint', passed: 0, failed: 1 },
    { name: 'attw', passed: 0, failed: 1 },
    { name: 'quickstart', passed: 0, failed: 1 },
    { name: 'size-budget', passed: 0, failed: 1 },
  );
}

if (!only.length || only.includes('vitest')) {
  mkdirSync('.test-results', { recursive: true });
  const report = '.test-results/vitest.json';
  rmSync(report, { force: true });
  const vitestOk = step(
    'vitest',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { counts: false },
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
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
    if (!vitestOk && (json.numFailedTests ?? 0) + brokenSuites === 0) {
      results.push({ name: 'vitest (exited with an error)', passed: 0, failed: 1 });
    }
  } else {
    results.push({ name: 'vitest (no report)', passed: 0, failed: 1 });
  }
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary:');
for (const r of results)
  console.log(`  ${r.failed ? '✘' : '✔'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
