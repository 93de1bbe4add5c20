import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_ROOT, INPUT_DIRS, INSTALLED_TREE, sourceHash } from './build.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
let dir: string;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('frame build cache key', () => {
  it('covers the app, the whole kit source and the installed dependency tree', () => {
    expect(INPUT_DIRS.map((d) => relative(REPO_ROOT, d))).toEqual([relative(REPO_ROOT, APP_ROOT), 'src']);
    expect(INSTALLED_TREE.map((f) => relative(REPO_ROOT, f))).toEqual([
      join('node_modules', '.package-lock.json'),
      'package-lock.json',
    ]);
  });

  it('changes with any nested source file and with an installed version, not with a test file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'kw-frame-key-'));
    const src = join(dir, 'src');
    await mkdir(join(src, 'deep/er'), { recursive: true });
    const tree = join(dir, 'tree.json');
    await writeFile(tree, '{"packages":{"node_modules/viem":{"version":"2.57.20"}}}');
    await writeFile(join(src, 'deep/er/module.ts'), 'export const a = 1;');
    const key = () => sourceHash([src], [tree]);

    const first = await key();
    expect(await key()).toBe(first);
    await writeFile(join(src, 'deep/er/module.ts'), 'export const a = 2;');
    const second = await key();
    expect(second).not.toBe(first);
    await writeFile(join(src, 'deep/er/module.test.ts'), 'it("x", () => {});');
    expect(await key()).toBe(second);
    await writeFile(tree, '{"packages":{"node_modules/viem":{"version":"2.57.21"}}}');
    expect(await key()).not.toBe(second);
  });
});
