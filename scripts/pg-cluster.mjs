#!/usr/bin/env node
// A throwaway PostgreSQL cluster for the storage tests, from Debian's `postgresql` package: a temporary
// directory owned by the `postgres` user, `initdb` (trust authentication, loopback only), `pg_ctl start` on a
// port the OS gives, one database `keyway`. `.ci/run` starts it before `npm test` and stops it afterwards:
//
//   eval "$(node scripts/pg-cluster.mjs start)"   prints `export KEYWAY_TEST_DATABASE_URL=… KEYWAY_PG_CLUSTER=…`
//   node scripts/pg-cluster.mjs stop "$KEYWAY_PG_CLUSTER"   stops it and removes the directory
//
// When PostgreSQL is not installed, or this is not run as root (initdb refuses root, so it runs as `postgres`),
// `start` prints a comment saying why and nothing else: the tests then say that they skipped PostgreSQL.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function pgBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const asPostgres = (cmd, args) =>
  execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

async function start() {
  const bin = pgBin();
  if (!bin) return console.log('# PostgreSQL: not installed (no /usr/lib/postgresql/*/bin/initdb)');
  if (process.getuid?.() !== 0)
    return console.log('# PostgreSQL: not started (needs root to run initdb as postgres)');
  const dir = mkdtempSync(join(tmpdir(), 'keyway-pg-'));
  chmodSync(dir, 0o777);
  execFileSync('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  asPostgres(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'keyway']);
  const url = `postgres://postgres@127.0.0.1:${port}/keyway`;
  console.log(`export KEYWAY_TEST_DATABASE_URL='${url}' KEYWAY_PG_CLUSTER='${dir}'`);
  console.error(`PostgreSQL: a throwaway cluster at ${url} (${dir})`);
}

function stop(dir) {
  const bin = pgBin();
  if (!dir || !existsSync(join(dir, 'data'))) return;
  try {
    asPostgres(join(bin, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.error(`PostgreSQL: the throwaway cluster in ${dir} is stopped and removed`);
}

const [command, arg] = process.argv.slice(2);
if (command === 'start') await start();
else if (command === 'stop') stop(arg);
else {
  console.error('usage: pg-cluster.mjs start | stop <dir>');
  process.exit(2);
}
