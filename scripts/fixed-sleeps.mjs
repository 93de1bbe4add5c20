#!/usr/bin/env node
// Fails on a fixed sleep used as a wait in a test file: a test waits for the condition it needs
// (`expect.poll`, `vi.waitFor`, `waitFor`, a locator, an event, a store subscription), or moves a fake clock
// where time itself is the subject. A sleep that passes on an idle machine fails on a loaded one.
//
// Flagged:
// - `waitForTimeout(` (Playwright's sleep);
// - a timer that resolves a promise: `setTimeout(r, N)`, `setTimeout(resolve, N)`, and
//   `setTimeout(() => resolve(...), N)` (a wait of N ms, whatever it resolves with);
// - a `sleep(` or `settle(` helper that is defined with such a timer (its calls are the same wait).
// Not flagged: a timer that rejects or fails (a deadline), msw's `delay()` in a mocked handler (simulated
// latency), fake-timer calls.
//
// An exception carries `fixed-sleep-ok: <why>` on its line or the line above; at most MAX_EXCEPTIONS of them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const MAX_EXCEPTIONS = 3;

/** Test sources: test, e2e and visual files, stories and the helpers they share. */
export const TEST_FILE =
  /(\.test\.tsx?|\.e2e\.ts|\.visual\.tsx|\.stories\.tsx)$|^(e2e\/support|stories|visual)\/.*\.tsx?$|^services\/.*harness\.ts$/;

const RULES = [
  { name: 'waitForTimeout', pattern: /\bwaitForTimeout\s*\(/ },
  {
    name: 'a timer that resolves a promise',
    pattern: /\bsetTimeout\s*\(\s*(r|res|resolve|done|ok|wake)\s*,/,
  },
  {
    name: 'a timer that resolves a promise',
    pattern: /\bsetTimeout\s*\(\s*\(\s*\)\s*=>\s*\{?\s*(r|res|resolve|done|ok|wake)\s*\(/,
  },
];

const ALLOW = /fixed-sleep-ok:\s*\S/;

/**
 * The fixed sleeps in one file's source: `{ line, rule, text, allowed }` for each, `allowed` when the line
 * or the one above says why it is an exception.
 */
export function findFixedSleeps(source) {
  const lines = source.split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    if (/^\s*(\/\/|\*)/.test(text)) continue;
    for (const rule of RULES) {
      if (!rule.pattern.test(text)) continue;
      const allowed = ALLOW.test(text) || (i > 0 && ALLOW.test(lines[i - 1]));
      found.push({ line: i + 1, rule: rule.name, text: text.trim(), allowed });
      break;
    }
  }
  return found;
}

function main() {
  const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => TEST_FILE.test(f) && !f.startsWith('scripts/'));
  const sleeps = files.flatMap((file) =>
    findFixedSleeps(readFileSync(file, 'utf8')).map((s) => ({ ...s, file })),
  );
  const bad = sleeps.filter((s) => !s.allowed);
  const allowed = sleeps.filter((s) => s.allowed);
  for (const s of bad) console.log(`${s.file}:${s.line}: fixed sleep (${s.rule}): ${s.text}`);
  for (const s of allowed) console.log(`${s.file}:${s.line}: allowed exception: ${s.text}`);
  if (bad.length)
    console.log(
      `\n${bad.length} fixed sleep(s) in test files: wait for the condition instead (expect.poll, vi.waitFor, an event),` +
        ' or use fake timers where time is the subject.',
    );
  if (allowed.length > MAX_EXCEPTIONS)
    console.log(`\n${allowed.length} exceptions, at most ${MAX_EXCEPTIONS} are allowed.`);
  console.log(
    `${files.length} test files checked, ${bad.length} fixed sleeps, ${allowed.length} exceptions.`,
  );
  process.exit(bad.length === 0 && allowed.length <= MAX_EXCEPTIONS ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
