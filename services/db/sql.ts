/**
 * The services' one storage layer: a SQL database behind a small interface (`query`, `exec`, `transaction`),
 * on one of two engines that speak the same SQL:
 * - PGlite (PostgreSQL compiled to WebAssembly, in process), the default: `npm start` needs no database server,
 *   and the data stays in the stack's data directory;
 * - PostgreSQL over the network (the `pg` driver) when a URL is given (`DATABASE_URL`): several instances of a
 *   service then share one database, which is what lets a host run more than one.
 * Each service's schema is its list of migrations (services/db/migrate.ts), applied when the database opens.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface QueryResult<T> {
  rows: T[];
}

/** What a statement runs on: the database, or one transaction of it. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters (a migration). */
  exec(text: string): Promise<void>;
}

export interface Sql extends SqlRunner {
  readonly engine: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction (READ COMMITTED, PostgreSQL's default): committed when it resolves, rolled
   * back when it throws (the error is rethrown). Conflicting writes of two transactions wait for each other on
   * row locks, in PGlite as in PostgreSQL.
   */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Whether the database answers (`select 1`), for a readiness check. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** PostgreSQL's code for a unique violation (two writers of one key; the later one fails). */
export const UNIQUE_VIOLATION = '23505';

export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

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
    const db = await PGlite.create(build);
    await db.close();
    try {
      renameSync(build, template);
    } catch {
      rmSync(build, { recursive: true, force: true }); // another process won the race
    }
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  cpSync(template, dir, { recursive: true });
}

/** PGlite in `dir` (created from the template when new). */
export async function openPglite(dir: string): Promise<Sql> {
  await prepareDataDir(dir);
  const db = await PGlite.create(dir);
  const runner = (q: Pick<PGlite, 'query' | 'exec'>): SqlRunner => ({
    query: async <T>(text: string, params?: readonly unknown[]) => ({
      rows: (await q.query<T>(text, params ? [...params] : undefined)).rows,
    }),
    exec: async (text) => {
      await q.exec(text);
    },
  });
  return {
    engine: 'pglite',
    ...runner(db),
    transaction: (work) => db.transaction((tx) => work(runner(tx))),
    ping: async () =>
      !db.closed &&
      (await db.query('select 1').then(
        () => true,
        () => false,
      )),
    close: async () => {
      if (!db.closed) await db.close();
    },
  };
}

/**
 * The driver's conversions made PGlite's: `bigint` (the services' millisecond times) as a JavaScript number
 * (the driver's default is a string); `numeric` stays a string and `jsonb` is parsed, in both engines.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** PostgreSQL at `url` (`postgres://user:password@host:port/database`), a pool of `max` connections. */
export async function openPostgres(url: string, { max = 10 }: { max?: number } = {}): Promise<Sql> {
  const pool = new pg.Pool({ connectionString: url, max, types, application_name: 'keyway-services' });
  // An idle connection the server drops (a restart) must not crash the process: the next query reconnects.
  pool.on('error', (error) => console.error('[db] idle connection lost:', error.message));
  const runner = (q: pg.Pool | pg.PoolClient): SqlRunner => ({
    query: async <T>(text: string, params?: readonly unknown[]) => ({
      rows: (await q.query(text, params ? [...params] : undefined)).rows as T[],
    }),
    exec: async (text) => {
      await q.query(text);
    },
  });
  let closed = false;
  const sql: Sql = {
    engine: 'postgres',
    ...runner(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(runner(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    ping: async () =>
      !closed &&
      (await pool.query('select 1').then(
        () => true,
        () => false,
      )),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
  await sql.query('select 1'); // fail now, with the driver's reason, when the server cannot be reached
  return sql;
}

/** The database of one service: PostgreSQL when `databaseUrl` is set, else PGlite in `pgliteDir`. */
export function openSql(opts: { databaseUrl?: string | undefined; pgliteDir: string }): Promise<Sql> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.pgliteDir);
}
