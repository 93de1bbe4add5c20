/** Persistent store of the API server (`<dataDir>/api`, PGlite): registered names and on-ramp purchases. */
import { mkdirSync } from 'node:fs';
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
create table if not exists onramp_purchases (
  tx_hash text primary key,
  chain_id integer not null,
  address text not null,
  amount text not null,
  created bigint not null
);
`;

export function openStore(dataDir: string): Store {
  const dir = path.join(dataDir, 'api');
  mkdirSync(dir, { recursive: true });
  const db = (async () => {
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
