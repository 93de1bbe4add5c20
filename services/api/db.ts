/**
 * Persistent store of the API server: registered names, the spent nonces of name registrations and on-ramp
 * purchases. PGlite in `<dataDir>/api` by default; PostgreSQL when a database URL is given, shared by every
 * instance of the API (services/db). The schema is the migrations below, applied when the store opens.
 */
import path from 'node:path';
import { isMigrated, type Migration, migrate } from '../db/migrate.ts';
import { openSql, type Sql } from '../db/sql.ts';

export interface Store {
  db: Promise<Sql>;
  /** The database answers and every migration is applied (`/readyz`). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The API's migrations. The first is the schema the store created before migrations were recorded (`if not
 * exists` throughout), so a data directory of an earlier version takes it as is.
 */
export const API_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'names, name nonces, on-ramp purchases',
    sql: `
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
`,
  },
];

export function openStore(dataDir: string, opts: { databaseUrl?: string | undefined } = {}): Store {
  const db = (async () => {
    const sql = await openSql({ databaseUrl: opts.databaseUrl, pgliteDir: path.join(dataDir, 'api') });
    try {
      await migrate(sql, 'api', API_MIGRATIONS);
    } catch (error) {
      await sql.close();
      throw error;
    }
    return sql;
  })();
  // Keep an unhandled rejection from crashing the process; callers see the error when they await `db`.
  db.catch(() => undefined);
  return {
    db,
    async ready() {
      const sql = await db.catch(() => undefined);
      return !!sql && (await sql.ping()) && (await isMigrated(sql, 'api', API_MIGRATIONS));
    },
    async close() {
      const sql = await db.catch(() => undefined);
      await sql?.close();
    },
  };
}
