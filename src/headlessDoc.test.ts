/**
 * docs/headless.md lists every hook that `keyway` exports, each with its result type: a hook added to
 * src/index.ts without its line in the list, a listed hook that is no longer exported, or a `UseXResult`
 * type that the list names wrongly fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
const index = readFileSync(join(repo, 'src', 'index.ts'), 'utf8');
const doc = readFileSync(join(repo, 'docs', 'headless.md'), 'utf8');

/** Value exports of src/index.ts named like a hook (`useX`), without type-only exports. */
function exportedHooks(): string[] {
  const names = new Set<string>();
  for (const block of index.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) {
    if (block[1]) continue;
    for (const raw of (block[2] ?? '').split(',')) {
      const name = raw.trim();
      if (/^use[A-Z]\w*$/.test(name)) names.add(name);
    }
  }
  return [...names].sort();
}

/** The rows of the "Every exported hook and its result type" table: hook name → result type cell. */
function listedHooks(): Map<string, string> {
  const start = doc.indexOf('### Every exported hook and its result type');
  expect(start).toBeGreaterThan(-1);
  const section = doc.slice(start).split(/\n#{2,3} /)[0] ?? '';
  const rows = new Map<string, string>();
  for (const m of section.matchAll(/^\| `(use[A-Z]\w*)\([^`]*\)` \| (.+) \|$/gm)) {
    rows.set(m[1] as string, (m[2] as string).trim());
  }
  return rows;
}

describe('docs/headless.md, list of exported hooks', () => {
  it('names exactly the hooks keyway exports', () => {
    const exported = exportedHooks();
    expect(exported.length).toBeGreaterThan(15);
    expect([...listedHooks().keys()].sort()).toEqual(exported);
  });

  it('gives each hook that has a UseXResult type that type', () => {
    const rows = listedHooks();
    for (const hook of exportedHooks()) {
      const resultType = `U${hook.slice(1)}Result`;
      if (!new RegExp(`\\b${resultType}\\b`).test(index)) continue;
      expect(rows.get(hook), hook).toBe(`\`${resultType}\``);
    }
  });
});
