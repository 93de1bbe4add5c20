/**
 * The storage layer on both engines: PGlite always, PostgreSQL when KEYWAY_TEST_DATABASE_URL names a server
 * (test-postgres.ts; skipped otherwise, with a warning). Migrations run once and in order, also when two
 * instances open one database at the same moment; a transaction commits or rolls back whole; both engines read
 * values the same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMigrated, type Migration, migrate } from './migrate.ts';
import { isUniqueViolation, openPglite, openPostgres, type Sql } from './sql.ts';
import { freshDatabase, POSTGRES_URL } from './test-postgres.ts';

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'things',
    sql: 'create table things (id text primary key, n bigint not null, meta jsonb)',
  },
  {
    version: 2,
    name: 'things amount',
    sql: `alter table things add column amount numeric not null default 0`,
  },
];

interface Engine {
  name: string;
  /** A second handle on the same database, as another instance would open it (PostgreSQL only). */
  open(): Promise<Sql>;
  shared: boolean;
  cleanup(): Promise<void>;
}

function engines(): { name: string; make: () => Promise<Engine> }[] {
  const list = [
    {
      name: 'PGlite',
      make: async (): Promise<Engine> => {
        const dir = mkdtempSync(path.join(tmpdir(), 'kw-sql-'));
        return {
          name: 'PGlite',
          open: () => openPglite(path.join(dir, 'db')),
          shared: false,
          cleanup: async () => rmSync(dir, { recursive: true, force: true }),
        };
      },
    },
  ];
  if (POSTGRES_URL) {
    list.push({
      name: 'PostgreSQL',
      make: async (): Promise<Engine> => {
        const db = await freshDatabase('sql');
        return { name: 'PostgreSQL', open: () => openPostgres(db.url), shared: true, cleanup: db.drop };
      },
    });
  }
  return list;
}

describe.each(engines())('the storage layer on $name', ({ make }) => {
  let engine: Engine;
  let sql: Sql;

  beforeAll(async () => {
    engine = await make();
    sql = await engine.open();
  });
  afterAll(async () => {
    await sql?.close();
    await engine?.cleanup();
  });

  it('applies the migrations in order, once, and records them', async () => {
    expect(await isMigrated(sql, 'test', MIGRATIONS)).toBe(false);
    expect(await migrate(sql, 'test', MIGRATIONS.slice(0, 1))).toEqual([1]);
    expect(await migrate(sql, 'test', MIGRATIONS)).toEqual([2]);
    expect(await migrate(sql, 'test', MIGRATIONS)).toEqual([]);
    expect(await isMigrated(sql, 'test', MIGRATIONS)).toBe(true);
    const rows = (
      await sql.query<{ version: number; name: string }>(
        "select version, name from schema_migrations where service = 'test' order by version",
      )
    ).rows;
    expect(rows).toEqual([
      { version: 1, name: 'things' },
      { version: 2, name: 'things amount' },
    ]);
  });

  it('refuses a database migrated by newer code, or whose migration has another name', async () => {
    await expect(migrate(sql, 'test', MIGRATIONS.slice(0, 1))).rejects.toThrow(
      'The test database is at migration 2 (things amount), newer than this code knows: run the newer version',
    );
    const renamed = [MIGRATIONS[0] as Migration, { ...(MIGRATIONS[1] as Migration), name: 'other' }];
    await expect(migrate(sql, 'test', renamed)).rejects.toThrow(
      "The test database's migration 2 is things amount, this code's is other",
    );
    await expect(migrate(sql, 'gap', [{ version: 2, name: 'x', sql: 'select 1' }])).rejects.toThrow(
      'gap migration x: version 2, expected 1',
    );
  });

  it('rolls back a failing migration whole, with its record', async () => {
    const broken: Migration[] = [
      { version: 1, name: 'half', sql: 'create table half_a (id int); create table half_a (id int);' },
    ];
    await expect(migrate(sql, 'broken', broken)).rejects.toThrow();
    const tables = (await sql.query("select 1 from information_schema.tables where table_name = 'half_a'"))
      .rows;
    expect(tables).toEqual([]);
    expect(await isMigrated(sql, 'broken', broken)).toBe(false);
  });

  it('reads bigint as a number, numeric as a string and jsonb as an object, as PGlite does', async () => {
    await sql.query('insert into things (id, n, meta, amount) values ($1, $2, $3, $4)', [
      'a',
      1_764_000_000_000,
      JSON.stringify({ x: [1] }),
      '12.345',
    ]);
    const [row] = (await sql.query('select * from things where id = $1', ['a'])).rows;
    expect(row).toEqual({ id: 'a', n: 1_764_000_000_000, meta: { x: [1] }, amount: '12.345' });
  });

  it('commits a transaction whole, and rolls it back whole when it throws', async () => {
    await sql.transaction(async (tx) => {
      await tx.query("insert into things (id, n) values ('b', 1)");
      await tx.query("insert into things (id, n) values ('c', 1)");
    });
    await expect(
      sql.transaction(async (tx) => {
        await tx.query("insert into things (id, n) values ('d', 1)");
        await tx.query("insert into things (id, n) values ('b', 2)"); // taken
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    const ids = (await sql.query<{ id: string }>('select id from things order by id')).rows.map((r) => r.id);
    expect(ids).toEqual(['a', 'b', 'c']);
  });

  it('answers ping while open, and not once closed', async () => {
    expect(await sql.ping()).toBe(true);
    // PGlite holds its directory for one process: a second handle is another instance's only on PostgreSQL.
    const other = engine.shared
      ? await engine.open()
      : await openPglite(mkdtempSync(path.join(tmpdir(), 'kw-sql-')));
    expect(await other.ping()).toBe(true);
    await other.close();
    expect(await other.ping()).toBe(false);
  });
});

describe.skipIf(!POSTGRES_URL)('PostgreSQL shared by several instances', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase('instances');
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('runs the migrations once when four instances start at the same moment', async () => {
    const instances = await Promise.all(Array.from({ length: 4 }, () => openPostgres(db.url)));
    try {
      const applied = await Promise.all(instances.map((sql) => migrate(sql, 'test', MIGRATIONS)));
      expect(applied.flat().sort()).toEqual([1, 2]);
      for (const sql of instances) expect(await isMigrated(sql, 'test', MIGRATIONS)).toBe(true);
    } finally {
      await Promise.all(instances.map((sql) => sql.close()));
    }
  });

  it('says why when the server cannot be reached', async () => {
    const url = new URL(db.url);
    url.port = '1'; // nothing listens on a port below 1024 here
    await expect(openPostgres(url.toString())).rejects.toThrow(/ECONNREFUSED/);
  });
});
