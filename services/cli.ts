/**
 * `npm start`: boots the local stack, prints each service's URL once it answers its health check, and stops
 * everything on Ctrl-C / SIGTERM. Environment:
 *   KW_PORT_EVM_L1 (8545), KW_PORT_EVM_L2 (8546), KW_PORT_SOLANA (8899; websocket +1), KW_PORT_API (4100),
 *   KW_PORT_FRAME (4200), KW_PORT_PLAYGROUND (4300), KW_PORT_RELAY (4400), KW_DATA_DIR (.keyway-data),
 *   KW_TEST_MODE (0/1), KW_VERBOSE (0/1: print the services' log lines), DATABASE_URL (PostgreSQL for the API's
 *   names and the frame's auth state instead of PGlite in the data directory:
 *   `postgres://user:password@host:port/database`), KW_INSTANCES (1: instances of the API and of the frame's
 *   auth backend, each set behind a round-robin balancer on the service's port; more than 1 needs DATABASE_URL).
 * `--instances N` on the command line (`npm run services -- --instances 2`) is the same as KW_INSTANCES.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import type { StackPorts } from './stack.ts';

const port = z.coerce.number().int().min(1).max(65535);
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');
const envSchema = z.object({
  KW_PORT_EVM_L1: port.optional(),
  KW_PORT_EVM_L2: port.optional(),
  KW_PORT_SOLANA: port.optional(),
  KW_PORT_API: port.optional(),
  KW_PORT_FRAME: port.optional(),
  KW_PORT_PLAYGROUND: port.optional(),
  KW_PORT_RELAY: port.optional(),
  KW_DATA_DIR: z.string().min(1).optional(),
  KW_TEST_MODE: flag,
  KW_VERBOSE: flag,
  KW_INSTANCES: z.coerce.number().int().min(1).max(8).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** `--instances N` / `--instances=N` from the command line, as the environment variable it stands for. */
function argvEnv(argv: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  argv.forEach((arg, i) => {
    if (arg === '--instances' && argv[i + 1] !== undefined) out.KW_INSTANCES = argv[i + 1]!;
    else if (arg.startsWith('--instances=')) out.KW_INSTANCES = arg.slice('--instances='.length);
  });
  return out;
}

async function main(): Promise<void> {
  const parsed = envSchema.safeParse({ ...process.env, ...argvEnv(process.argv.slice(2)) });
  if (!parsed.success) {
    console.error(
      `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
    process.exit(2);
  }
  const env = parsed.data;
  const dataDir = resolve(env.KW_DATA_DIR ?? '.keyway-data');
  const started = performance.now();
  console.log(`Starting the Keyway local stack (data: ${dataDir}) ...`);
  // One handler per signal for the whole life of the process. It is never removed and re-added: a signal
  // that arrived between removing one handler and adding the next was lost (libuv drops what is pending on
  // a closed signal handle), so a SIGTERM sent the moment "Press Ctrl-C to stop." appeared was ignored.
  // During start-up a signal exits through process.exit, whose exit hooks send anvil SIGTERM (it saves its
  // state and exits); once the stack is up it stops in order; a second signal while stopping exits at once.
  let stopStack: (() => Promise<void>) | undefined; // set once the stack is up
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!stopStack) {
      console.log(`\n${signal} during start-up: exiting.`);
      process.exit(130);
    }
    if (stopping) {
      console.log(`\n${signal} again: exiting without waiting.`);
      process.exit(130);
    }
    stopping = true;
    console.log(`\n${signal}: stopping the local stack ...`);
    stopStack().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Loaded after the first line so that the wait for the modules is not silent.
  const { DEFAULT_PORTS, startStack } = await import('./stack.ts');
  const ports: StackPorts = {
    evmL1: env.KW_PORT_EVM_L1 ?? DEFAULT_PORTS.evmL1,
    evmL2: env.KW_PORT_EVM_L2 ?? DEFAULT_PORTS.evmL2,
    solana: env.KW_PORT_SOLANA ?? DEFAULT_PORTS.solana,
    api: env.KW_PORT_API ?? DEFAULT_PORTS.api,
    frame: env.KW_PORT_FRAME ?? DEFAULT_PORTS.frame,
    playground: env.KW_PORT_PLAYGROUND ?? DEFAULT_PORTS.playground,
    relay: env.KW_PORT_RELAY ?? DEFAULT_PORTS.relay,
  };
  const verbose = env.KW_VERBOSE;
  const stack = await startStack({
    ports,
    dataDir,
    testMode: env.KW_TEST_MODE,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.KW_INSTANCES ? { instances: env.KW_INSTANCES } : {}),
    log: (line) => {
      // Recovery notes (unreadable state moved aside) always matter; the rest only when asked for.
      if (verbose || /could not|unusable|failed/.test(line)) console.log(line);
    },
  });
  stopStack = () => stack.stop();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);

  const reports = await stack.health();
  const width = Math.max(...reports.map((r) => r.name.length));
  console.log(`\nKeyway local stack ready in ${seconds} s\n`);
  for (const r of reports) {
    console.log(
      `  ${r.name.padEnd(width)}  ${r.url.padEnd(24)}  ${r.healthy ? 'healthy' : `UNHEALTHY (${r.detail})`}`,
    );
  }
  console.log(`  ${'Solana websocket'.padEnd(width)}  ${stack.urls.solanaWs}`);
  const playground = stack.urls.playground;
  if (playground) {
    console.log(`\nPlayground: ${playground}  (click "Connect wallet", choose "Keyway Dev Wallet")`);
    console.log(`Headless page: ${playground}/headless.html`);
    console.log(`Status page: ${playground}/status`);
  } else {
    console.log(`\nStatus page: ${stack.urls.status}`);
  }
  console.log('Press Ctrl-C to stop.\n');
}

main().catch((error: unknown) => {
  console.error('The local stack failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
