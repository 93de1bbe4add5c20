import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Balancer, startBalancer } from './balancer.ts';
import { freePort } from './free-ports.ts';

/** An instance that answers with its name, the request it saw and its body. */
async function echo(name: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          url: req.url,
          host: req.headers.host,
          forwardedFor: req.headers['x-forwarded-for'] ?? null,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('round-robin balancer', () => {
  let a: Awaited<ReturnType<typeof echo>>;
  let b: Awaited<ReturnType<typeof echo>>;
  let balancer: Balancer;

  beforeAll(async () => {
    a = await echo('a');
    b = await echo('b');
    balancer = await startBalancer({ targets: [a.url, b.url], port: 0 });
  });
  afterAll(async () => {
    await balancer.stop();
    a.server.close();
    b.server.close();
  });

  it('sends each request to the next instance and says which one answered', async () => {
    const seen: { name: string; instance: string | null }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${balancer.url}/v1/thing?i=${i}`);
      seen.push({
        name: ((await res.json()) as { name: string }).name,
        instance: res.headers.get('x-keyway-instance'),
      });
    }
    expect(seen.map((s) => s.name)).toEqual(['a', 'b', 'a', 'b']);
    expect(seen.map((s) => s.instance)).toEqual(['1', '2', '1', '2']);
    expect(balancer.served()).toEqual([2, 2]);
  });

  it('passes the method, path, Host and body on, and appends the client to X-Forwarded-For', async () => {
    const res = await fetch(`${balancer.url}/auth/email/verify?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ otp: '123456' }),
    });
    const seen = (await res.json()) as Record<string, string>;
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/auth/email/verify?x=1',
      host: new URL(balancer.url).host,
      forwardedFor: '203.0.113.7, 127.0.0.1',
      body: '{"otp":"123456"}',
    });
  });

  it('skips an instance that refuses connections, and answers 502 when none is left', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    const partial = await startBalancer({ targets: [down, a.url], port: 0 });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${partial.url}/healthz`);
        expect(res.status).toBe(200);
        expect(((await res.json()) as { name: string }).name).toBe('a');
      }
    } finally {
      await partial.stop();
    }
    const none = await startBalancer({ targets: [down], port: 0 });
    try {
      const res = await fetch(`${none.url}/healthz`);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ message: 'No instance of this service answered' });
    } finally {
      await none.stop();
    }
  });
});
