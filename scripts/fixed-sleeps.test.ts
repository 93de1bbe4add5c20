import { describe, expect, it } from 'vitest';
import { findFixedSleeps, TEST_FILE } from './fixed-sleeps.mjs';

describe('fixed sleeps in test files', () => {
  it('finds a promise resolved by a timer, in each of its spellings', () => {
    const source = [
      'await new Promise((r) => setTimeout(r, 100));',
      'await new Promise((resolve) => setTimeout(resolve, 0));',
      'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));',
      'setTimeout(() => resolve(got), 1500);',
      'setTimeout(() => { done(); }, 20);',
      'await page.waitForTimeout(500);',
    ].join('\n');
    expect(findFixedSleeps(source).map((s) => s.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(findFixedSleeps(source).every((s) => !s.allowed)).toBe(true);
  });

  it('leaves deadlines, fake timers, simulated latency and comments alone', () => {
    const source = [
      "const timer = setTimeout(() => reject(new Error('timed out')), 5000);",
      'await vi.advanceTimersByTimeAsync(500);',
      "await delay('infinite');",
      'await delay(300);',
      '// an older version waited with setTimeout(r, 100)',
      'clearTimeout(timer);',
      'await expect.poll(() => store.getState().status).toBe("ready");',
    ].join('\n');
    expect(findFixedSleeps(source)).toEqual([]);
  });

  it('an exception says why on its line or the line above', () => {
    const source = [
      '// fixed-sleep-ok: the browser gives no event for this',
      'await new Promise((r) => setTimeout(r, 50));',
      'await new Promise((r) => setTimeout(r, 50)); // fixed-sleep-ok: same reason',
      '// fixed-sleep-ok:',
      'await new Promise((r) => setTimeout(r, 50));',
    ].join('\n');
    expect(findFixedSleeps(source).map((s) => [s.line, s.allowed])).toEqual([
      [2, true],
      [3, true],
      [5, false],
    ]);
  });

  it('covers tests, e2e, visual files, stories and their helpers', () => {
    for (const file of [
      'src/hooks/swap/swap.test.ts',
      'src/views/AccountButton.test.tsx',
      'e2e/swap.e2e.ts',
      'e2e/support/browser.ts',
      'visual/harness.tsx',
      'stories/views/SwapView.stories.tsx',
      'stories/_support/keyway.tsx',
      'services/frame/embed-harness.ts',
    ])
      expect(TEST_FILE.test(file), file).toBe(true);
    for (const file of ['src/hooks/swap/store.ts', 'services/frame/app/ui.ts', 'bench/host.ts'])
      expect(TEST_FILE.test(file), file).toBe(false);
  });
});
