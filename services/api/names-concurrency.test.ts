/**
 * Name registration under concurrency: 50 signed registrations of one name by 50 accounts at the same moment
 * give exactly one owner, on one server over PGlite and on two API servers sharing one PostgreSQL database
 * (KEYWAY_TEST_DATABASE_URL; skipped without it, with a warning). A name registered through one instance
 * resolves through the other.
 */
import { rmSync } from 'node:fs';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, POSTGRES_URL } from '../db/test-postgres.ts';
import { type ApiServer, startApiServer } from './server.ts';
import { get, PROJECT_ID, post, signedBody, tempDataDir, unreachableChains } from './test-helpers.ts';

const P = `projectId=${PROJECT_ID}`;
const CONTENDERS = 50;

/** The first reason of the API's error shape (`{status: 'FAILED', reasons: [{field, description}]}`). */
const reason = (json: unknown) => (json as { reasons?: { description: string }[] }).reasons?.[0]?.description;

/** 50 registrations of `name`, each by its own account, sent round-robin to `servers` all at once. */
async function race(servers: ApiServer[], name: string) {
  const accounts = Array.from({ length: CONTENDERS }, () => privateKeyToAccount(generatePrivateKey()));
  const bodies = await Promise.all(accounts.map((a) => signedBody(a, name)));
  const results = await Promise.all(
    bodies.map((body, i) =>
      post((servers[i % servers.length] as ApiServer).url, `/v1/profile/account?${P}`, body),
    ),
  );
  const winners = results.flatMap((r, i) => (r.status === 200 ? [accounts[i]?.address] : []));
  const refused = results.filter(
    (r) => r.status === 409 && reason(r.json) === `The name ${name} is already taken`,
  );
  return { winners, refused: refused.length, statuses: results.map((r) => r.status) };
}

const ownerOf = async (server: ApiServer, name: string) => {
  const r = await get(server.url, `/v1/profile/account/${name}?${P}`);
  expect(r.status).toBe(200);
  return (r.json as { addresses: Record<string, { address: string }> }).addresses;
};

describe('one name, 50 registrations at once, on PGlite', () => {
  let dataDir: string;
  let server: ApiServer;
  beforeAll(async () => {
    dataDir = tempDataDir('names-race');
    server = await startApiServer({ port: 0, chains: unreachableChains(), dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has exactly one owner; every other request is told the name is taken', async () => {
    const { winners, refused, statuses } = await race([server], 'contested.kw.id');
    expect(winners, statuses.join(' ')).toHaveLength(1);
    expect(refused).toBe(CONTENDERS - 1);
    const addresses = Object.values(await ownerOf(server, 'contested.kw.id'));
    expect(addresses.map((a) => a.address)).toEqual([winners[0]]);
  });
});

describe.skipIf(!POSTGRES_URL)('two API instances on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDirs: string[] = [];
  let servers: ApiServer[] = [];
  beforeAll(async () => {
    db = await freshDatabase('names');
    dataDirs = [tempDataDir('names-a'), tempDataDir('names-b')];
    servers = await Promise.all(
      dataDirs.map((dataDir) =>
        startApiServer({ port: 0, chains: unreachableChains(), dataDir, databaseUrl: db.url }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await db?.drop();
  });

  it('are both ready: the database answers and its migrations are applied', async () => {
    for (const s of servers) expect((await get(s.url, '/readyz')).json).toEqual({ ready: true });
  });

  it('give exactly one owner to a name 50 accounts register at once through both', async () => {
    const { winners, refused, statuses } = await race(servers, 'contested.kw.id');
    expect(winners, statuses.join(' ')).toHaveLength(1);
    expect(refused).toBe(CONTENDERS - 1);
    for (const s of servers) {
      const addresses = Object.values(await ownerOf(s, 'contested.kw.id'));
      expect(addresses.map((a) => a.address)).toEqual([winners[0]]);
    }
  });

  it('resolve through B a name registered through A', async () => {
    const [a, b] = servers as [ApiServer, ApiServer];
    const account = privateKeyToAccount(generatePrivateKey());
    const r = await post(a.url, `/v1/profile/account?${P}`, await signedBody(account, 'shared.kw.id'));
    expect(r.status).toBe(200);
    const reverse = await get(b.url, `/v1/profile/reverse/${account.address}?${P}`);
    expect(reverse.status).toBe(200);
    expect((reverse.json as { name: string }[]).map((p) => p.name)).toEqual(['shared.kw.id']);
  });

  it('refuse through B a registration body already used through A (the spent nonce is shared)', async () => {
    const [a, b] = servers as [ApiServer, ApiServer];
    const account = privateKeyToAccount(generatePrivateKey());
    const body = await signedBody(account, 'once.kw.id');
    expect((await post(a.url, `/v1/profile/account?${P}`, body)).status).toBe(200);
    const again = await post(b.url, `/v1/profile/account?${P}`, body);
    expect(again.status).toBe(409);
    expect(reason(again.json)).toBe(
      'This signed registration was already used (its nonce is spent); sign a new one',
    );
  });
});
