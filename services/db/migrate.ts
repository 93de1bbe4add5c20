/**
 * Schema migrations: each service's schema is an ordered list of SQL migrations, recorded in
 * `schema_migrations` once applied. Opening a service's database applies the ones it has not seen, in order,
 * each in its own transaction with its record, so a failed migration leaves nothing half done. Instances that
 * start together take one advisory lock, so a migration runs once, whichever instance comes first.
 */
import type { Sql } from './sql.ts';

export interface Migration {
  /** 1, 2, 3…: the order; a released migration is never edited (a change is a new one). */
  version: number;
  name: string;
  sql: string;
}

/** An arbitrary constant: the advisory lock that serializes migrations of every service on one database. */
const MIGRATION_LOCK = 7_305_101;

const LEDGER = `create table if not exists schema_migrations (
  service text not null,
  version integer not null,
  name text not null,
  applied_at bigint not null,
  primary key (service, version)
)`;

function checkOrder(service: string, migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new Error(`${service} migration ${m.name}: version ${m.version}, expected ${i + 1}`);
    }
  });
}

/** Applies `service`'s migrations that the database has not recorded; returns the versions it applied. */
export async function migrate(
  sql: Sql,
  service: string,
  migrations: readonly Migration[],
): Promise<number[]> {
  checkOrder(service, migrations);
  const applied: number[] = [];
  await sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(LEDGER);
    const done = new Map(
      (
        await tx.query<{ version: number; name: string }>(
          'select version, name from schema_migrations where service = $1',
          [service],
        )
      ).rows.map((r) => [r.version, r.name]),
    );
    for (const [version, name] of done) {
      const known = migrations[version - 1];
      if (!known) {
        throw new Error(
          `The ${service} database is at migration ${version} (${name}), newer than this code knows: run the newer version`,
        );
      }
      if (known.name !== name) {
        throw new Error(
          `The ${service} database's migration ${version} is ${name}, this code's is ${known.name}`,
        );
      }
    }
    // One transaction for the lock and every pending migration: another instance waits on the lock and then
    // finds them recorded. PostgreSQL runs DDL in transactions, so a failing migration rolls back whole.
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query(
        'insert into schema_migrations (service, version, name, applied_at) values ($1, $2, $3, $4)',
        [service, m.version, m.name, Date.now()],
      );
      applied.push(m.version);
    }
  });
  return applied;
}

/** Whether every migration of `service` is recorded (readiness). False when the database does not answer. */
export async function isMigrated(
  sql: Sql,
  service: string,
  migrations: readonly Migration[],
): Promise<boolean> {
  try {
    const rows = (
      await sql.query<{ n: number }>('select count(*)::int as n from schema_migrations where service = $1', [
        service,
      ])
    ).rows;
    return rows[0]?.n === migrations.length;
  } catch {
    return false;
  }
}
