/**
 * The stack's several-instances mode over HTTP: two instances of the API and two of the frame's auth backend
 * on one PostgreSQL database, each pair behind the stack's round-robin balancer, as a host would run them.
 * A login's steps land on different instances, a name registered through one resolves through the other,
 * a sign-out on one ends the session on the other, and a send budget holds across both. Needs
 * KEYWAY_TEST_DATABASE_URL (skipped without it, with a warning), and refuses several instances without one.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ID, signedBody } from './api/test-helpers.ts';
import { freshDatabase, POSTGRES_URL } from './db/test-postgres.ts';
import { frameService } from './frame/stack-service.ts';
import { freePorts, STACK_PORT_WIDTHS } from './free-ports.ts';
import { apiService, type Stack, startStack } from './stack.ts';

const P = `projectId=${PROJECT_ID}`;

interface Answer {
  status: number;
  instance: string | null;
  json: Record<string, unknown>;
}

async function send(url: string, init: { body?: unknown; token?: string; method?: string } = {}) {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    instance: res.headers.get('x-keyway-instance'),
    json: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  } satisfies Answer;
}

describe('several instances without a shared database', () => {
  it('are refused with the reason', async () => {
    const ports = await freePorts(STACK_PORT_WIDTHS);
    await expect(startStack({ ports, services: [apiService], instances: 2 })).rejects.toThrow(
      'api: 2 instances need a shared PostgreSQL database (DATABASE_URL)',
    );
  }, 120_000);
});

describe.skipIf(!POSTGRES_URL)('two instances of each service on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let stack: Stack;
  let api: string;
  let frame: string;

  beforeAll(async () => {
    db = await freshDatabase('instances');
    stack = await startStack({
      ports: await freePorts(STACK_PORT_WIDTHS),
      testMode: true,
      services: [apiService, frameService],
      databaseUrl: db.url,
      instances: 2,
    });
    api = stack.urls.api!;
    frame = stack.urls.frame!;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  /** The latest login code mailed to `email`, read through whichever instance answers, and that instance. */
  const codeFor = async (email: string) => {
    const { json, instance } = await send(`${frame}/mailbox.json?email=${encodeURIComponent(email)}`);
    return { otp: (json.messages as { code: string | null }[])[0]?.code ?? '', instance };
  };

  it('logs in with a code asked on one instance and verified on the other; signs out across both', async () => {
    const email = 'two-instances@example.com';
    const deviceId = 'device-instances-0001';
    const started = await send(`${frame}/auth/email/start`, { body: { email, deviceId } });
    expect(started.status).toBe(200);
    expect(started.json).toEqual({ action: 'VERIFY_OTP' });
    const { otp, instance: mailbox } = await codeFor(email);
    expect(otp).toMatch(/^\d{6}$/);
    // The balancer alternates between the two: after a request to the other instance the next one goes back
    // to the instance of the start, so one request more sends the verification to the other.
    if (mailbox !== started.instance) await send(`${frame}/healthz`);
    let verified = await send(`${frame}/auth/email/verify`, { body: { email, otp, deviceId } });
    expect([started.instance, verified.instance].sort()).toEqual(['1', '2']);
    expect(verified.status).toBe(200);
    const token = verified.json.token as string;
    // The session is seen by both instances.
    const seen = [
      await send(`${frame}/auth/session`, { token }),
      await send(`${frame}/auth/session`, { token }),
    ];
    expect(seen.map((s) => s.status)).toEqual([200, 200]);
    expect(new Set(seen.map((s) => s.instance))).toEqual(new Set(['1', '2']));
    // The code is spent everywhere.
    verified = await send(`${frame}/auth/email/verify`, { body: { email, otp, deviceId } });
    expect(verified.status).toBe(400);
    // A sign-out on one instance ends the session on both.
    const out = await send(`${frame}/auth/signout`, { token, body: {} });
    expect(out.status).toBe(200);
    const after = [
      await send(`${frame}/auth/session`, { token }),
      await send(`${frame}/auth/session`, { token }),
    ];
    expect(after.map((s) => [s.status, s.json.message])).toEqual([
      [401, 'Not logged in'],
      [401, 'Not logged in'],
    ]);
  });

  it('keeps one budget of codes for an address and device across both instances', async () => {
    const email = 'budget@example.com';
    const deviceId = 'device-instances-0002';
    // Test mode: 50 codes per (address, device) in the window.
    const answers: Answer[] = [];
    for (let i = 0; i < 51; i++) {
      answers.push(await send(`${frame}/auth/email/start`, { body: { email, deviceId } }));
    }
    expect(answers.slice(0, 50).every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.slice(0, 50).map((a) => a.instance))).toEqual(new Set(['1', '2']));
    expect(answers[50]?.status).toBe(429);
    expect(answers[50]?.json.message).toMatch(
      /^Too many codes requested\. Please try again after \d+ seconds$/,
    );
  });

  it('resolves a name registered through one instance through the other', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const registered = await send(`${api}/v1/profile/account?${P}`, {
      body: await signedBody(account, 'twoinstances.kw.id'),
    });
    expect(registered.status).toBe(200);
    const reads = [
      await send(`${api}/v1/profile/account/twoinstances.kw.id?${P}`),
      await send(`${api}/v1/profile/account/twoinstances.kw.id?${P}`),
    ];
    expect(reads.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(reads.map((r) => r.instance))).toEqual(new Set(['1', '2']));
    const ready = [await send(`${api}/readyz`), await send(`${frame}/readyz`)];
    expect(ready.map((r) => r.status)).toEqual([200, 200]);
  });
});
