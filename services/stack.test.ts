/**
 * The one-command stack: startStack() in-process and `npm start` (scripts/start.mjs) as a child process.
 * Both must answer their health checks, list the services on the status page and leave no anvil behind.
 * Each on free ports, picked before it starts (the stack's origins are built from them).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePorts, STACK_PORT_WIDTHS } from './free-ports.ts';
import { type Stack, type StackPorts, startStack } from './stack.ts';

/**
 * anvil processes keeping their state under `dataDir` (their command line has `--state <dataDir>/...`; other
 * engineers run anvils with other data directories). anvil listens on an internal port behind the chain's
 * guard (services/chain/rpc-guard.ts), so the chain's public port is not on its command line.
 */
function anvilsOf(dataDir: string): string[] {
  try {
    return execFileSync('pgrep', ['-a', '-f', `anvil --port [0-9]+ .*--state ${dataDir}/`], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.includes('pgrep'));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('startStack', () => {
  let stack: Stack | undefined;
  afterAll(async () => {
    await stack?.stop();
  });

  // 120 s: a clean clone builds the playground here first (tens of seconds on a loaded 2-core machine).
  it('starts chains, API and status page on the given ports and stops without leaving anvil running', async () => {
    const ports = await freePorts(STACK_PORT_WIDTHS);
    stack = await startStack({ ports, testMode: true });
    expect(stack.urls).toMatchObject({
      evmL1: `http://127.0.0.1:${ports.evmL1}`,
      evmL2: `http://127.0.0.1:${ports.evmL2}`,
      solana: `http://127.0.0.1:${ports.solana}`,
      solanaWs: `ws://127.0.0.1:${ports.solana + 1}`,
      api: `http://127.0.0.1:${ports.api}`,
      frame: `http://127.0.0.1:${ports.frame}`,
      playground: `http://127.0.0.1:${ports.playground}`,
      relay: `ws://127.0.0.1:${ports.relay}`,
    });
    const reports = await stack.health();
    // Chains first, then the services in list order, the playground last.
    const names = reports.map((r) => r.name);
    expect(names.slice(0, 4)).toEqual(['EVM chain 31337', 'EVM chain 31338', 'Solana', 'api']);
    expect(names.at(-1)).toBe('playground');
    expect(names).toContain('relay');
    expect(reports.filter((r) => !r.healthy)).toEqual([]);

    // The status page lives on the playground's port at /status.
    const page = await fetch(`${stack.urls.playground!}/status`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('all services healthy');
    expect(html).toContain(`http://127.0.0.1:${ports.api}`);
    expect(html).toContain(`ws://127.0.0.1:${ports.relay}`);
    expect(html).not.toContain('<script');

    const pids = stack.chains.anvilPids;
    expect(pids).toHaveLength(2);
    const dataDir = stack.dataDir;
    expect(anvilsOf(dataDir)).toHaveLength(2);
    await stack.stop();
    stack = undefined;
    expect(pids.filter(processAlive)).toEqual([]);
    expect(anvilsOf(dataDir)).toEqual([]);
    // The chains' ports (their guards) and the API port are closed too.
    await expect(fetch(`http://127.0.0.1:${ports.evmL1}`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${ports.evmL2}`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${ports.api}/health`)).rejects.toThrow();
    // A stack without a data directory cleans up its temporary one.
    expect(() => execFileSync('test', ['-e', dataDir])).toThrow();
  }, 120_000);
});

/** How long one `npm start` may take to be ready, and to stop (three of each must fit in the test's 600 s). */
const READY_LIMIT_MS = 130_000;
const EXIT_LIMIT_MS = 60_000;

describe('npm start (scripts/start.mjs)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kw-start-test-'));
  const reportDir = mkdtempSync(join(tmpdir(), 'kw-start-report-'));
  const children: ChildProcess[] = [];
  /** Picked once: every start of the test takes the same ports, as `npm start` on a developer's machine does. */
  let ports: StackPorts;
  const url = (port: number) => `http://127.0.0.1:${port}`;
  afterAll(() => {
    // A failed assertion can leave a stack running: kill it (its anvils follow through their watchdogs).
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(reportDir, { recursive: true, force: true });
  });

  /** Asks the process for a diagnostic report (SIGUSR2) and returns its stacks and handles, shortened. */
  async function stuckReport(proc: ChildProcess): Promise<string> {
    proc.kill('SIGUSR2');
    type Report = {
      javascriptStack?: { message?: string; stack?: string[] };
      nativeStack?: { symbol?: string }[];
      libuv?: { type?: string; is_active?: boolean; address?: string; localEndpoint?: unknown }[];
    };
    let file: string | undefined;
    let report: Report;
    try {
      // Waits until the report is written out in full (a file still being written does not parse).
      report = await vi.waitFor(
        () => {
          file = readdirSync(reportDir).find((f) => f.endsWith('.json'));
          if (!file) throw new Error('no report yet');
          return JSON.parse(readFileSync(join(reportDir, file), 'utf8')) as Report;
        },
        { timeout: 10_000, interval: 200 },
      );
    } catch {
      return 'no diagnostic report was written';
    }
    return [
      `report ${file}:`,
      `JS: ${report.javascriptStack?.message ?? ''}`,
      ...(report.javascriptStack?.stack ?? []).slice(0, 25),
      'native:',
      ...(report.nativeStack ?? []).slice(0, 25).map((f) => `  ${f.symbol ?? '?'}`),
      'active handles:',
      ...(report.libuv ?? [])
        .filter((h) => h.is_active)
        .map((h) => `  ${h.type} ${JSON.stringify(h.localEndpoint ?? '')}`),
    ].join('\n');
  }

  /** `signalOnReady`: sent in the same tick as the ready line is read, the earliest a user could press Ctrl-C. */
  function start(signalOnReady?: NodeJS.Signals): {
    child: ChildProcess;
    output: () => string;
    ready: Promise<void>;
    exited: Promise<number | null>;
    exitedWithin: () => Promise<number | null>;
  } {
    let output = '';
    const proc = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        KW_PORT_EVM_L1: String(ports.evmL1),
        KW_PORT_EVM_L2: String(ports.evmL2),
        KW_PORT_SOLANA: String(ports.solana),
        KW_PORT_API: String(ports.api),
        KW_PORT_FRAME: String(ports.frame),
        KW_PORT_PLAYGROUND: String(ports.playground),
        KW_PORT_RELAY: String(ports.relay),
        KW_DATA_DIR: dataDir,
        KW_VERBOSE: '1',
        // SIGUSR2 makes it write a diagnostic report (JS and native stacks, even in a blocked event loop).
        NODE_OPTIONS:
          `${process.env.NODE_OPTIONS ?? ''} --report-on-signal --report-signal=SIGUSR2 --report-directory=${reportDir}`.trim(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(proc);
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (!output.includes('Press Ctrl-C to stop.')) return;
        if (signalOnReady && !proc.killed) proc.kill(signalOnReady);
        resolve();
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', onData);
      exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
      // Under a loaded machine a start can be slow: fail with what it printed, not a bare test timeout.
      const timer = setTimeout(
        () => reject(new Error(`npm start was not ready after ${READY_LIMIT_MS / 1000} s:\n${output}`)),
        READY_LIMIT_MS,
      );
      timer.unref();
    });
    // A stop that hangs fails with the phase, what the stack printed (KW_VERBOSE: each part it stops) and
    // where the process is stuck (its diagnostic report).
    const exitedWithin = () =>
      new Promise<number | null>((resolve, reject) => {
        const timer = setTimeout(() => {
          void stuckReport(proc).then((report) =>
            reject(
              new Error(
                `npm start had not exited ${EXIT_LIMIT_MS / 1000} s after the signal:\n${output}\n${report}`,
              ),
            ),
          );
        }, EXIT_LIMIT_MS);
        timer.unref();
        exited.then((code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
    return { child: proc, output: () => output, ready, exited, exitedWithin };
  }

  it('prints every URL once healthy, keeps chain state for the next start, stops cleanly on SIGINT or SIGTERM, even one sent as it becomes ready', async () => {
    ports = await freePorts(STACK_PORT_WIDTHS);
    const first = start();
    await first.ready;
    for (const port of [ports.evmL1, ports.evmL2, ports.solana]) {
      expect(first.output()).toContain(url(port));
    }
    expect(first.output()).toContain(`ws://127.0.0.1:${ports.solana + 1}`);
    expect(first.output()).toMatch(new RegExp(`api\\s+http://127\\.0\\.0\\.1:${ports.api}\\s+healthy`));
    expect(first.output()).toContain(`Status page: ${url(ports.playground)}`);
    expect(first.output()).not.toContain('UNHEALTHY');

    // Mine one block so that the second start has history to keep.
    const send = await fetch(url(ports.evmL1), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
      signal: AbortSignal.timeout(15_000),
    });
    expect(send.ok).toBe(true);
    const blockNumber = async () => {
      const res = await fetch(url(ports.evmL1), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
        signal: AbortSignal.timeout(15_000),
      });
      return ((await res.json()) as { result: string }).result;
    };
    const before = await blockNumber();

    first.child.kill('SIGINT');
    expect(await first.exitedWithin()).toBe(0);
    expect(first.output()).toContain('Stopped.');
    expect({ anvils: anvilsOf(dataDir), output: first.output() }).toEqual({
      anvils: [],
      output: first.output(),
    });

    // Each start takes ports free at that moment: a port the last start released may meanwhile be another
    // process's (the OS hands the same range to outgoing connections), and the chain's state does not depend on it.
    ports = await freePorts(STACK_PORT_WIDTHS);
    const second = start();
    await second.ready;
    expect(await blockNumber()).toBe(before);
    second.child.kill('SIGTERM');
    expect(await second.exitedWithin()).toBe(0);
    expect({ anvils: anvilsOf(dataDir), output: second.output() }).toEqual({
      anvils: [],
      output: second.output(),
    });

    // A signal sent the moment the ready line appears stops the stack too. It used to be lost: the start-up
    // handlers were swapped for the running ones after that line, and a signal pending in between was dropped.
    ports = await freePorts(STACK_PORT_WIDTHS);
    const third = start('SIGTERM');
    await third.ready;
    expect(await third.exitedWithin()).toBe(0);
    expect(third.output()).toContain('Stopped.');
    expect(anvilsOf(dataDir)).toEqual([]);
  }, 600_000);
});
