#!/usr/bin/env node
// `npm run test:e2e:instances`: the embedded-wallet and name end-to-end tests once more, against the services'
// several-instances mode: the API and the frame's auth backend as two instances each behind the stack's
// round-robin balancer, on one PostgreSQL database (docs/self-hosting.md). Needs KEYWAY_TEST_DATABASE_URL (a
// server where it may create and drop a database; .ci/run starts a throwaway cluster); without it, it says so
// and exits 0. The tests are the same files as in `npm test`, unchanged.
import { spawn } from 'node:child_process';
import pg from 'pg';

const FILES = [
  'e2e/embedded-wallet.e2e.ts',
  'e2e/embedded-account.e2e.ts',
  'e2e/embedded-send.e2e.ts',
  'e2e/embedded-social.e2e.ts',
  'e2e/embedded-solana.e2e.ts',
  'e2e/names.e2e.ts',
];

const server = process.env.KEYWAY_TEST_DATABASE_URL;
if (!server) {
  console.log('e2e on PostgreSQL with two instances: skipped (KEYWAY_TEST_DATABASE_URL is not set)');
  process.exit(0);
}
const name = `kw_e2e_instances_${crypto.randomUUID().slice(0, 8)}`;
const admin = async (sql) => {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
await admin(`create database ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const code = await new Promise((resolve) => {
  const child = spawn('npx', ['vitest', 'run', '--project', 'e2e', ...FILES], {
    stdio: 'inherit',
    env: { ...process.env, KEYWAY_E2E_DATABASE_URL: url.toString(), KEYWAY_E2E_INSTANCES: '2' },
  });
  child.on('close', (c) => resolve(c ?? 1));
});
await admin(`drop database if exists ${name} with (force)`);
process.exit(code);
