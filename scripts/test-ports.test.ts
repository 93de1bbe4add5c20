/**
 * Fixed ports in the tests stay below 32768: Linux gives 32768-60999 to outgoing connections, so a test that
 * listens on a fixed port in that range fails now and then with EADDRINUSE when another test's client socket
 * holds it (README, test conventions). Tests that need ports in that range take free ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
const EPHEMERAL_START = 32768;

function testFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(test|e2e)\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Numbers written next to a port name: `port: 32050`, `PORT = 32050`, `ANVIL_PORT = …`, `evmPorts: [a, b]`. */
function fixedPorts(source: string): number[] {
  const out: number[] = [];
  for (const m of source.matchAll(
    /\b(?:ports?|PORTS?|[A-Z][A-Z_]*_PORTS?|[a-z]\w*Ports?)\s*[:=]\s*\[?([\d_,\s]+)\]?/g,
  )) {
    for (const n of (m[1] ?? '').split(',')) {
      const value = Number(n.replaceAll('_', '').trim());
      if (Number.isInteger(value) && value >= 1024) out.push(value);
    }
  }
  return out;
}

describe('fixed ports in the tests', () => {
  it('finds the ports a test names', () => {
    expect(
      fixedPorts('const PORT = 32050;\nstartAnvil({ port: 32060, chainId: 1 });\nevmPorts: [30141, 30142]'),
    ).toEqual([32050, 32060, 30141, 30142]);
  });

  it('are all below the ephemeral range', () => {
    const offending: string[] = [];
    for (const file of [...testFiles('services'), ...testFiles('e2e'), ...testFiles('src')]) {
      for (const port of fixedPorts(readFileSync(file, 'utf8'))) {
        if (port >= EPHEMERAL_START) offending.push(`${relative(repo, file)}: ${port}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
