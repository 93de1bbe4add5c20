/**
 * Persistent store of the API server (`<dataDir>/api`, PGlite): registered names, the spent nonces of name
 * registrations and on-ramp purchases. The schema is created if missing each time a store opens.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export interface Store {
  db: Promise<PGlite>;
  close(): Promise<void>;
}

const SCHEMA = `
create table if not exists names (
  name text primary key,
  registered bigint not null,
  updated bigint not null,
  attributes jsonb not null default '{}'::jsonb
);
create table if not exists name_addresses (
  name text not null references names(name) on delete cascade,
  coin_type text not null,
  address text not null,
  created bigint not null,
  primary key (name, coin_type)
);
create index if not exists name_addresses_address on name_addresses (lower(address));
-- Spent nonces of signed name registrations (lower-case hex), kept until the signed timestamp leaves the
-- accepted window (expires, seconds): a registration body is accepted once.
create table if not exists name_nonces (
  address text not null,
  nonce text not null,
  expires bigint not null,
  primary key (address, nonce)
);
create index if not exists name_nonces_expires on name_nonces (expires);
create table if not exists onramp_purchases (
  tx_hash text primary key,
  chain_id integer not null,
  address text not null,
  amount text not null,
  created bigint not null
);
`;

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const pkg = JSON.parse(readFileSync(require.resolve('@electric-sql/pglite/package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * A new data directory is a copy of an empty, cleanly closed database cluster kept in the OS temp directory
 * (one per PGlite version): `initdb` costs seconds of CPU, a copy costs milliseconds.
 */
async function prepareDataDir(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const template = path.join(tmpdir(), `keyway-pglite-template-${pgliteVersion()}`);
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
    const build = mkdtempSync(`${template}-build-`);
    const pg = await PGlite.create(build);
    await pg.close();
    try {
      renameSync(build, template);
    } catch {
      rmSync(build, { recursive: true, force: true }); // another process won the race
    }
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  cpSync(template, dir, { recursive: true });
}

export function openStore(dataDir: string): Store {
  const dir = path.join(dataDir, 'api');
  const db = (async () => {
    await prepareDataDir(dir);
    const pg = await PGlite.create(dir);
    await pg.exec(SCHEMA);
    return pg;
  })();
  // Keep an unhandled rejection from crashing the process; callers see the error when they await `db`.
  db.catch(() => undefined);
  return {
    db,
    async close() {
      const pg = await db.catch(() => undefined);
      if (pg && !pg.closed) await pg.close();
    },
  };
}
