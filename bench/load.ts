// `npm run bench:load`: a bounded load test of the reference services, on the loopback address only.
//
// Two set-ups, each a fresh stack of the local chains, the API and the frame's auth backend
// (services/stack.ts, ports the OS picks, its own data directory):
//   - "PGlite, 1 instance": the default of `npm start`;
//   - "PostgreSQL, 2 instances": DATABASE_URL (or KEYWAY_TEST_DATABASE_URL: a fresh database is made on that
//     server and dropped afterwards) and two instances of each service behind the stack's round-robin
//     balancer (services/balancer.ts). Skipped, and said so, without a PostgreSQL server.
// Scenarios, one after another, each with CONNECTIONS connections and at most REQUESTS requests (or
// MAX_SECONDS, whichever comes first; autocannon):
//   - login: start an email login, read the code from the dev mailbox, verify it (three requests per login,
//     each connection its own address and device);
//   - name availability: GET /v1/profile/account/<free name> (404 = available);
//   - name registration: POST /v1/profile/account, each body signed beforehand for its own name and account;
//   - balance and history: GET /v1/account/<dev account>/balance and /history on chain 31337.
// Then it checks in the database that nothing was lost or applied twice: as many sessions as verifications
// answered 200, as many names as registrations answered 200, every registered name resolving.
// Printed as a table (requests per second, p50/p99 latency, answers by status) and written with the machine
// and the command to bench/results/load.json. A benchmark, not a test: not part of `npm test`.
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_ADDRESS } from '../e2e/support/stack.ts';
import { PROJECT_ID, signedBody } from '../services/api/test-helpers.ts';
import { openPglite, openPostgres, type Sql } from '../services/db/sql.ts';
import { freshDatabase } from '../services/db/test-postgres.ts';
import { frameService } from '../services/frame/stack-service.ts';
import { freeStackPorts } from '../services/free-ports.ts';
import { apiService, type Stack, startStack } from '../services/stack.ts';

const CONNECTIONS = Number(process.env.KW_LOAD_CONNECTIONS ?? 10);
const REQUESTS = Number(process.env.KW_LOAD_REQUESTS ?? 6000);
const MAX_SECONDS = Number(process.env.KW_LOAD_SECONDS ?? 20);
/** Signed registrations prepared per set-up (signing is the slow part, so fewer than REQUESTS). */
const REGISTRATIONS = Number(process.env.KW_LOAD_REGISTRATIONS ?? 500);
const repo = resolve(import.meta.dirname, '..');
const P = `projectId=${PROJECT_ID}`;
/** What one connection keeps between the requests of its sequence. */
type Ctx = Record<string, string>;

interface Figures {
  setup: string;
  scenario: string;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

async function load(
  setup: string,
  scenario: string,
  opts: Omit<autocannon.Options, 'connections' | 'amount' | 'duration'> & { amount?: number },
): Promise<Figures> {
  const since = performance.now();
  const result = await autocannon({
    connections: CONNECTIONS,
    amount: opts.amount ?? REQUESTS,
    duration: MAX_SECONDS,
    timeout: 30,
    ...opts,
  });
  const seconds = (performance.now() - since) / 1000;
  const statuses: Record<string, number> = {};
  for (const [code, n] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = n?.count ?? 0;
  const figures: Figures = {
    setup,
    scenario,
    requests: result.requests.total,
    seconds: Number(seconds.toFixed(2)),
    // Over the wall-clock time of the run (autocannon's own figures count whole seconds, too coarse for a
    // run of a few).
    rps: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  console.log(
    `  ${scenario.padEnd(18)} ${String(figures.requests).padStart(6)} req  ${String(figures.rps).padStart(5)}/s  ` +
      `p50 ${figures.p50} ms  p99 ${figures.p99} ms  ${JSON.stringify(statuses)}` +
      (figures.errors ? `  errors ${figures.errors}` : ''),
  );
  return figures;
}

interface SetupResult {
  figures: Figures[];
  checks: Record<string, { expected: number; found: number }>;
}

async function runSetup(
  label: string,
  opts: { databaseUrl?: string; instances: number },
): Promise<SetupResult> {
  console.log(`\n▶ ${label}`);
  // Its own data directory, kept until the rows are counted after the stack stops.
  const dataDir = mkdtempSync(join(tmpdir(), 'keyway-load-'));
  let stack: Stack | undefined;
  // A port of the block may be taken between the pick and the bind (the OS hands out ports of this range
  // too): another block then.
  for (let attempt = 0; !stack; attempt++) {
    try {
      stack = await startStack({
        ports: await freeStackPorts(38000, 38999),
        dataDir,
        testMode: true,
        services: [apiService, frameService],
        instances: opts.instances,
        ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
      });
    } catch (error) {
      if (attempt === 2 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
  const api = stack.urls.api!;
  const frame = stack.urls.frame!;
  const figures: Figures[] = [];
  let verified = 0;
  const registered: string[] = [];
  try {
    // ---- login: start, mailbox, verify
    let next = 0;
    const logins = Math.floor(REQUESTS / 3) * 3;
    figures.push(
      await load(label, 'login (3 steps)', {
        url: frame,
        amount: logins,
        requests: [
          {
            method: 'POST',
            path: '/auth/email/start',
            setupRequest: (req, context) => {
              const n = next++;
              (context as Ctx).email = `load-${n}@example.com`;
              (context as Ctx).deviceId = `load-device-${n}-${'x'.repeat(8)}`;
              return {
                ...req,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email: (context as Ctx).email, deviceId: (context as Ctx).deviceId }),
              };
            },
          },
          {
            method: 'GET',
            setupRequest: (req, context) => ({
              ...req,
              path: `/mailbox.json?email=${encodeURIComponent(String((context as Ctx).email))}`,
            }),
            onResponse: (_status, body, context) => {
              const messages = (JSON.parse(body) as { messages: { code: string | null }[] }).messages;
              (context as Ctx).code = messages[0]?.code ?? '000000';
            },
          },
          {
            method: 'POST',
            path: '/auth/email/verify',
            setupRequest: (req, context) => ({
              ...req,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                email: (context as Ctx).email,
                otp: (context as Ctx).code,
                deviceId: (context as Ctx).deviceId,
              }),
            }),
            onResponse: (status) => {
              if (status === 200) verified++;
            },
          },
        ],
      }),
    );

    // ---- name availability
    let probe = 0;
    figures.push(
      await load(label, 'name availability', {
        url: api,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/v1/profile/account/free-${probe++}.kw.id?${P}` }),
          },
        ],
      }),
    );

    // ---- name registration: bodies signed beforehand, one name and one account each
    const run = Date.now().toString(36);
    const bodies = await Promise.all(
      Array.from({ length: REGISTRATIONS }, (_, i) =>
        signedBody(privateKeyToAccount(generatePrivateKey()), `load-${run}-${i}.kw.id`),
      ),
    );
    let sent = 0;
    figures.push(
      await load(label, 'name registration', {
        url: api,
        amount: REGISTRATIONS,
        requests: [
          {
            method: 'POST',
            setupRequest: (req, context) => {
              const i = sent++;
              (context as Ctx).name = `load-${run}-${i}.kw.id`;
              return {
                ...req,
                path: `/v1/profile/account?${P}`,
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(bodies[i]),
              };
            },
            onResponse: (status, _body, context) => {
              if (status === 200) registered.push(String((context as Ctx).name));
            },
          },
        ],
      }),
    );

    // ---- balance and history of the dev account
    const account = `eip155:31337:${DEV_ADDRESS}`;
    figures.push(
      await load(label, 'balance', {
        url: `${api}/v1/account/${account}/balance?currency=usd&${P}`,
      }),
    );
    figures.push(
      await load(label, 'history', {
        url: `${api}/v1/account/${DEV_ADDRESS}/history?chainId=eip155:31337&${P}`,
      }),
    );

    // Every registered name resolves, through whichever instance answers.
    let resolving = 0;
    for (const name of registered) {
      const res = await fetch(`${api}/v1/profile/account/${name}?${P}`);
      if (res.status === 200) resolving++;
      await res.body?.cancel();
    }
    const checks: SetupResult['checks'] = {
      'names that resolve = registrations answered 200': { expected: registered.length, found: resolving },
    };
    await stack.stop();
    // Counted in the databases themselves, after the stack has stopped (PGlite allows one process).
    const count = async (sql: Sql, query: string) =>
      Number((await sql.query<{ n: number }>(query)).rows[0]?.n ?? -1);
    const apiDb = opts.databaseUrl
      ? await openPostgres(opts.databaseUrl)
      : await openPglite(join(dataDir, 'api'));
    const frameDb = opts.databaseUrl ? apiDb : await openPglite(join(dataDir, 'frame', 'db'));
    try {
      checks['name rows = registrations answered 200'] = {
        expected: registered.length,
        found: await count(apiDb, `select count(*)::int as n from names where name like 'load-${run}-%'`),
      };
      checks['session rows = verifications answered 200'] = {
        expected: verified,
        found: await count(frameDb, 'select count(*)::int as n from auth_sessions'),
      };
    } finally {
      await apiDb.close();
      if (frameDb !== apiDb) await frameDb.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    for (const [what, { expected, found }] of Object.entries(checks)) {
      console.log(`  ${expected === found ? '✔' : '✘'} ${what}: ${found} of ${expected}`);
    }
    return { figures, checks };
  } catch (error) {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

const results: SetupResult[] = [];
const skipped: string[] = [];
results.push(await runSetup('PGlite, 1 instance', { instances: 1 }));

let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl && process.env.KEYWAY_TEST_DATABASE_URL) {
  fresh = await freshDatabase('load');
  databaseUrl = fresh.url;
}
if (databaseUrl) {
  try {
    results.push(await runSetup('PostgreSQL, 2 instances', { databaseUrl, instances: 2 }));
  } finally {
    await fresh?.drop();
  }
} else {
  skipped.push('PostgreSQL, 2 instances: no DATABASE_URL or KEYWAY_TEST_DATABASE_URL');
  console.log(`\n(skipped: ${skipped[0]})`);
}

const commit = execSync('git rev-parse --short HEAD', { cwd: repo }).toString().trim();
const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
mkdirSync(resolve(repo, 'bench/results'), { recursive: true });
writeFileSync(
  resolve(repo, 'bench/results/load.json'),
  `${JSON.stringify(
    {
      commit,
      machine,
      command: 'npm run bench:load',
      connections: CONNECTIONS,
      requestsCap: REQUESTS,
      secondsCap: MAX_SECONDS,
      results,
      skipped,
    },
    null,
    2,
  )}\n`,
);
const failed = results.some((r) => Object.values(r.checks).some((c) => c.expected !== c.found));
console.log(`\nWritten to bench/results/load.json (${machine}, commit ${commit}).`);
process.exit(failed ? 1 : 0);
