/**
 * No test listens on a fixed port: two `npm test` runs side by side (two clones on one machine) would both
 * ask for it and one would fail with EADDRINUSE, and a fixed port in Linux's ephemeral range (32768-60999)
 * is taken now and then by another test's outgoing connection as well. A test binds port 0 where the server
 * reports the port it got (anvil, the Solana RPC, the API, the relay), or takes ports from `freePorts`
 * (services/free-ports.ts) where it must know them before the server starts (README, test conventions).
 *
 * Ports below 1024 are not counted: no test listens there (the OS picks free ports far above), so a test may
 * name one as an address where nothing answers (`http://127.0.0.1:1`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
const self = relative(repo, import.meta.filename)
  .split(sep)
  .join('/');

/**
 * Test files that still listen on fixed ports and break two runs side by side, with the ports they take.
 * Listed so that the check guards every other file until they are moved; an entry whose file has no fixed
 * port left fails the check until it is removed here.
 */
const NOT_MOVED_YET = new Map<string, string>();

/** Test files, and the helpers under services/ and e2e/ that start servers for them. */
function testFiles(): string[] {
  const roots = ['services', 'e2e', 'src', 'playground', 'visual', 'scripts', 'stories'];
  return roots
    .flatMap((dir) => readdirSync(join(repo, dir), { withFileTypes: true, recursive: true }))
    .filter((e) => e.isFile())
    .map((e) => relative(repo, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter(
      (path) =>
        !path.includes('/node_modules/') &&
        path !== self &&
        (/\.(test|e2e|visual|stories)\.tsx?$/.test(path) ||
          /^services\/.*(test-[\w-]+|-harness)\.ts$/.test(path) ||
          /^e2e\/(support\/.*|global-setup)\.ts$/.test(path)),
    );
}

/** A port's name: `port`, `ports`, `evmPorts`, `solanaPort`, `PORT`, `PORT_A`, `ANVIL_PORT`, `KW_PORT_API`. */
const PORT_NAME = String.raw`(?:ports?|[a-z]\w*Ports?|(?:[A-Z][A-Z0-9]*_)*PORTS?(?:_[A-Z0-9]+)*)`;
/**
 * A number written next to a port name (quoted or not, or in a list, or in a flat object of ports), and a
 * number passed to `listen`.
 */
const FIXED = new RegExp(
  String.raw`\b${PORT_NAME}\s*[:=]\s*(\{[^{}]*\}|\[[^\]]*\]|['"\x60]?\d[\d_]*)|\.listen\(\s*(\d[\d_]*)`,
  'g',
);

/** The port numbers from 1024 up that `source` names as fixed ports. */
function fixedPorts(source: string): number[] {
  const out: number[] = [];
  for (const m of source.matchAll(FIXED)) {
    for (const n of (m[1] ?? m[2] ?? '').match(/\d[\d_]*/g) ?? []) {
      const value = Number(n.replaceAll('_', ''));
      if (value >= 1024) out.push(value);
    }
  }
  return out;
}

describe('fixed ports in the tests', () => {
  it('finds the ports a test names', () => {
    expect(
      fixedPorts(
        [
          'const PORT = 32050;',
          'startAnvil({ port: 32060, chainId: 1 });',
          'evmPorts: [30141, 30142]',
          'const PORTS = { api: 30200, evm: [30201, 30202] as [number, number] };',
          'const PORT_A = 31061;',
          "KW_PORT_API: '20115',",
          "server.listen(8080, '127.0.0.1');",
        ].join('\n'),
      ),
    ).toEqual([32050, 32060, 30141, 30142, 30200, 30201, 30202, 31061, 20115, 8080]);
  });

  it('leaves free ports and addresses where nothing listens alone', () => {
    expect(
      fixedPorts(
        [
          'startAnvil({ port: 0, chainId: 31337 });',
          'server.listen(0, host);',
          "rpcUrl: 'http://127.0.0.1:1',",
          'const ports = await freePorts({ frame: 1, host: 1 });',
          'transports: { 31337: http() }, viewport: { width: 1280, height: 800 }',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('are none: every test takes free ports', () => {
    const files = testFiles();
    expect(files).toContain('services/frame/embed.test.ts');
    expect(files).toContain('services/api/test-helpers.ts');
    const offending: string[] = [];
    const stillFixed = new Set<string>();
    for (const file of files) {
      const ports = fixedPorts(readFileSync(join(repo, file), 'utf8'));
      if (!ports.length) continue;
      if (NOT_MOVED_YET.has(file)) stillFixed.add(file);
      else offending.push(`${file}: ${ports.join(', ')}`);
    }
    expect(offending).toEqual([]);
    expect([...NOT_MOVED_YET.keys()].filter((file) => !stillFixed.has(file))).toEqual([]);
  });
});
