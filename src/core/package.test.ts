/**
 * What the published package asks of a host's install. `@solana/web3.js` 1.95.6 and 1.95.7 were published
 * with a backdoor that sent private keys away: the peer range must never admit them, nor the unrelated 2.x
 * line that the registry's `latest` tag points at.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('peer dependency ranges', () => {
  const range = pkg.peerDependencies['@solana/web3.js']!;

  it('excludes the backdoored @solana/web3.js releases and the 2.x line', () => {
    for (const v of ['1.95.6', '1.95.7', '1.95.5', '2.0.0'])
      expect(semver.satisfies(v, range), v).toBe(false);
    for (const v of ['1.95.8', '1.98.0', '1.99.0']) expect(semver.satisfies(v, range), v).toBe(true);
  });

  it('admits the version the kit is developed and tested with', () => {
    expect(semver.satisfies(pkg.devDependencies['@solana/web3.js']!, range)).toBe(true);
  });
});
