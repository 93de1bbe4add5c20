#!/usr/bin/env node
// `npm run test:stress`: the whole `npm test` on a fresh clone of the current commit, several times in a row,
// while a busy loop keeps one core at work, so the suite sees about half of a 2-core machine, as on a
// slower computer. Proves that no test depends on the machine's speed.
//
//   npm run test:stress                                # 3 runs with one core busy
//   npm run test:stress -- --runs 3 --idle             # 3 runs on an otherwise idle machine
//   npm run test:stress -- --runs 3 --idle --parallel 2
//                                                      # 3 rounds of 2 clones running `npm test` at once
//   npm run test:stress -- --keep                      # keep the clone(s) (their paths are printed)
//
// `--parallel N` makes N clones (each installed as .ci/run does) and, in every round, starts `npm test` in all
// of them at the same time and waits for all: a round is green only when all N runs are. It proves that runs
// side by side on one machine do not get in each other's way (ports, temporary files, processes). Without it,
// one clone runs alone (N = 1). Every run has CI=true.
//
// Each run's output goes to <clone>/.test-results/stress-run-N.log, copied to .test-results/ here
// (stress-<busy|idle>-run-N.log; with --parallel, stress-<busy|idle>-parallel-N-run-R-clone-K.log); a summary
// (exit code, duration, the closing line, the per-project times, per clone) is printed and written to
// .test-results/stress-<busy|idle>[-parallel-N].json here. The busy loop is one Node process bounded in time
// (BUSY_LIMIT_MS), ended when its round ends.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const runs = Number(option('--runs', '3'));
const parallel = Number(option('--parallel', '1'));
const busy = !flag('--idle');
const keep = flag('--keep');
/** The busy loop stops by itself after this long, whatever happens to this script. */
const BUSY_LIMIT_MS = 60 * 60 * 1000;
for (const [name, value] of [
  ['--runs', runs],
  ['--parallel', parallel],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} takes a whole number from 1 up`);
    process.exit(2);
  }
}

const repo = process.cwd();
const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
  encoding: 'utf8',
}).stdout.trim();
if (dirty) console.log('Uncommitted changes are not in the clone: it tests the last commit only.');

const base = mkdtempSync(join(tmpdir(), 'keyway-stress-'));
const clones = Array.from({ length: parallel }, (_, k) =>
  join(base, parallel > 1 ? `keyway-${k + 1}` : 'keyway'),
);
for (const clone of clones) {
  console.log(`Cloning ${head} into ${clone}`);
  must(spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repo, clone], { stdio: 'inherit' }));
  console.log('npm install (as .ci/run does)');
  must(spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: clone, stdio: 'inherit' }));
  mkdirSync(join(clone, '.test-results'), { recursive: true });
}
mkdirSync(join(repo, '.test-results'), { recursive: true });

const mode = `${busy ? 'busy' : 'idle'}${parallel > 1 ? `-parallel-${parallel}` : ''}`;
const results = [];
for (let n = 1; n <= runs; n++) {
  const loop = busy ? startBusyLoop() : null;
  const what = parallel > 1 ? `${parallel} clones at once` : 'npm test';
  console.log(`\nRun ${n} of ${runs}${busy ? ' (one core busy)' : ''}: ${what}`);
  const round = await Promise.all(clones.map((clone, k) => runOnce(n, clone, k + 1)));
  loop?.kill('SIGKILL');
  const green = round.every((r) => r.code === 0);
  results.push({ run: n, green, clones: round });
  for (const r of round) {
    const who = parallel > 1 ? `Run ${n}, clone ${r.clone}` : `Run ${n}`;
    console.log(
      `${who}: exit ${r.code}, ${(r.seconds / 60).toFixed(1)} min, ${r.closing ?? 'no closing line'}`,
    );
    for (const line of r.projects) console.log(`  ${line}`);
    for (const line of r.failed) console.log(`  ${line.trim()}`);
  }
  if (parallel > 1) {
    const ok = round.filter((r) => r.code === 0).length;
    console.log(`Run ${n}: ${green ? 'green' : 'red'} (${ok} of ${parallel} clones green)`);
  }
}

writeFileSync(
  join(repo, '.test-results', `stress-${mode}.json`),
  `${JSON.stringify({ commit: head, mode, parallel, results }, null, 2)}\n`,
);
const green = results.filter((r) => r.green).length;
console.log(`\n${mode}: ${green} of ${runs} runs green at ${head}`);
for (const r of results) {
  for (const c of r.clones) {
    const who = parallel > 1 ? `run ${r.run}, clone ${c.clone}` : `run ${r.run}`;
    console.log(`  ${who}: exit ${c.code}, ${(c.seconds / 60).toFixed(1)} min, ${c.closing}`);
  }
}
if (keep) for (const clone of clones) console.log(`Clone kept: ${clone}`);
else rmSync(base, { recursive: true, force: true });
process.exit(green === runs ? 0 : 1);

/** One `npm test` in `clone` (the `k`th of the round), logged; resolves with what its log says. */
async function runOnce(n, clone, k) {
  const started = Date.now();
  const log = join(clone, '.test-results', `stress-run-${n}.log`);
  console.log(`  npm test > ${log}`);
  const code = await runLogged('npm', ['test'], clone, log);
  const seconds = Math.round((Date.now() - started) / 1000);
  // Without colour codes, so that the failed tests' lines can be read.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts a colour code
  const output = readFileSync(log, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  const closing = output.match(/^(\d+) passed, (\d+) failed$/m);
  const failedLines = output.split('\n').filter((l) => /^\s*(✘|FAIL\b)|^\s+×/.test(l));
  const projects = output
    .slice(output.indexOf('Vitest projects'))
    .split('\n')
    .slice(1)
    .filter((l) => /^\s{2}\S+\s+\d+ files/.test(l))
    .map((l) => l.trim());
  // The log outlives the clone: a failed run's details are read from it afterwards.
  const copy = `stress-${mode}-run-${n}${parallel > 1 ? `-clone-${k}` : ''}.log`;
  copyFileSync(log, join(repo, '.test-results', copy));
  return {
    clone: k,
    code,
    seconds,
    closing: closing?.[0] ?? null,
    failed: failedLines.slice(0, 20),
    projects,
  };
}

function must(r) {
  if (r.status !== 0) {
    console.error('failed');
    process.exit(1);
  }
}

/** One process spinning on one core until it is killed or BUSY_LIMIT_MS has passed. */
function startBusyLoop() {
  return spawn(
    process.execPath,
    [
      '-e',
      `const end = Date.now() + ${BUSY_LIMIT_MS}; let x = 0; while (Date.now() < end) x = (x + 1) % 1e9;`,
    ],
    { stdio: 'ignore' },
  );
}

function runLogged(cmd, cmdArgs, cwd, logFile) {
  return new Promise((resolve) => {
    const out = createWriteStream(logFile);
    const child = spawn(cmd, cmdArgs, { cwd, env: { ...process.env, CI: 'true' } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => resolve(code ?? 1));
    });
  });
}
