/**
 * PostgreSQL for the storage tests (not a test file): `KEYWAY_TEST_DATABASE_URL` names a server where the tests
 * may create and drop databases (`.ci/run` starts a throwaway cluster with scripts/pg-cluster.mjs). Without it the
 * PostgreSQL tests are skipped, and say so.
 */
import pg from 'pg';

export const POSTGRES_URL = process.env.KEYWAY_TEST_DATABASE_URL || undefined;

export const POSTGRES_SKIPPED =
  'PostgreSQL tests skipped: KEYWAY_TEST_DATABASE_URL is not set (start a throwaway cluster: ' +
  'eval "$(node scripts/pg-cluster.mjs start)"; .ci/run does)';

if (!POSTGRES_URL) console.warn(POSTGRES_SKIPPED);

/** A new, empty database on the test server, for one test file: its URL, and `drop()` for afterAll. */
export async function freshDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!POSTGRES_URL) throw new Error(POSTGRES_SKIPPED);
  const name = `kw_${label.replace(/\W/g, '_')}_${crypto.randomUUID().slice(0, 8)}`.toLowerCase();
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
