import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { packOverBudget } from './pack-budget.mjs';

const budget = JSON.parse(readFileSync(new URL('../bench/pack-budget.json', import.meta.url), 'utf8')) as {
  maxUnpackedBytes: number;
  maxFiles: number;
  maxFileBytes: number;
};

const within = {
  unpackedSize: Math.floor(budget.maxUnpackedBytes / 4),
  files: [{ path: 'dist/index.js', size: 10_000 }],
};

describe('the pack budget', () => {
  it('passes a package within it', () => {
    expect(packOverBudget(within, budget)).toEqual([]);
  });

  it('fails on a 1 MB file added to dist, naming it', () => {
    const added = {
      unpackedSize: within.unpackedSize + 1_000_000,
      files: [...within.files, { path: 'dist/extra.bin', size: 1_000_000 }],
    };
    expect(packOverBudget(added, budget)).toEqual([
      `dist/extra.bin is 1000000 bytes, budget ${budget.maxFileBytes} per file`,
    ]);
    const larger = { ...added, unpackedSize: budget.maxUnpackedBytes + 1 };
    expect(packOverBudget(larger, budget)[0]).toBe(
      `unpacked ${budget.maxUnpackedBytes + 1} bytes, budget ${budget.maxUnpackedBytes}`,
    );
  });

  it('fails on too many files', () => {
    const files = Array.from({ length: budget.maxFiles + 1 }, (_, i) => ({ path: `dist/f${i}.js`, size: 1 }));
    expect(packOverBudget({ unpackedSize: files.length, files }, budget)).toEqual([
      `${budget.maxFiles + 1} files, budget ${budget.maxFiles}`,
    ]);
  });
});
