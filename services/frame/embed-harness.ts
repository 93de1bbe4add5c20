/**
 * Helpers for tests that drive the real frame page in Chromium through a host page on another local
 * origin, speaking the kit's frame protocol over the MessagePort (embed.test.ts, solana.test.ts).
 */
import { createServer, type Server } from 'node:http';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Reply {
  type: string;
  id: string;
  payload?: Record<string, unknown> & { message?: string; code?: number; result?: unknown };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * A host page that embeds the frame in `<iframe id="kw">`, as tall as the kit shows it (600 px) so that it
 * fits in the default 1280x720 viewport: a click that first has to scroll the host page moves the iframe,
 * and Chromium drops input to a cross-origin frame that just moved when the frame tracks its visibility
 * (IntersectionObserver v2, as the approval screen does).
 */
export function hostPage(frameUrl: string, chainId: number): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body>
<h1>Host app</h1>
<iframe id="kw" title="Secure wallet" src="${frameUrl}/?projectId=test&amp;chainId=${chainId}" width="420" height="600"></iframe>
</body></html>`;
}

/** Serves `html` on 127.0.0.1:`port`. */
export async function startHost(port: number, html: string): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return server;
}

/** Posts the kit's handshake to the iframe; true when `ready` with a port came back (kept as window.kwPort). */
export function handshake(page: Page, frameOrigin: string, waitMs = 5000): Promise<boolean> {
  return page.evaluate(
    ([origin, ms]) =>
      new Promise<boolean>((resolve) => {
        const iframe = document.getElementById('kw') as HTMLIFrameElement;
        const id = crypto.randomUUID();
        // fixed-sleep-ok: a deadline; the frame answers nothing to a refused host, so silence until it is the proof.
        const timer = setTimeout(() => resolve(false), ms);
        window.addEventListener('message', (e) => {
          const data = e.data as { type?: string; id?: string } | null;
          if (e.origin !== origin || data?.type !== '@keyway-frame/READY' || data.id !== id || !e.ports[0])
            return;
          clearTimeout(timer);
          (window as unknown as { kwPort: MessagePort }).kwPort = e.ports[0];
          resolve(true);
        });
        iframe.contentWindow?.postMessage(
          { type: '@keyway-app/HANDSHAKE', id, payload: { protocolVersion: 1 } },
          origin,
        );
      }),
    [frameOrigin, waitMs] as const,
  );
}

/**
 * Sends one request over the port (the kit's envelope) and resolves with the frame's reply. `rawType`
 * replaces the envelope's type (for malformed-request tests).
 */
export function request(page: Page, event: string, payload?: unknown, rawType?: string): Promise<Reply> {
  return page.evaluate(
    ([ev, body, type]) =>
      new Promise<Reply>((resolve) => {
        const port = (window as unknown as { kwPort: MessagePort }).kwPort;
        const id = crypto.randomUUID();
        const onMessage = (e: MessageEvent) => {
          if ((e.data as { id?: string })?.id !== id) return;
          port.removeEventListener('message', onMessage);
          resolve(e.data as Reply);
        };
        port.addEventListener('message', onMessage);
        port.start();
        const message: Record<string, unknown> = { type: type ?? `@keyway-app/${ev}`, id };
        if (body !== undefined) message.payload = body;
        port.postMessage(message);
      }),
    [event, payload, rawType] as const,
  );
}

/** The newest one-time code the dev mailbox holds for `email`. */
export async function mailboxCode(frameUrl: string, email: string): Promise<string> {
  const res = await fetch(`${frameUrl}/mailbox.json?email=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { code: string | null }[] };
  const code = messages.find((m) => m.code)?.code;
  if (!code) throw new Error(`no code for ${email}`);
  return code;
}

/** Email login through the port with the code from the dev mailbox (a browser the backend already knows). */
export async function emailLogin(page: Page, frameUrl: string, email: string): Promise<void> {
  expect(await request(page, 'CONNECT_EMAIL', { email })).toMatchObject({
    type: '@keyway-frame/CONNECT_EMAIL_SUCCESS',
    payload: { action: 'VERIFY_OTP' },
  });
  const otp = await mailboxCode(frameUrl, email);
  expect((await request(page, 'CONNECT_OTP', { otp })).type).toBe('@keyway-frame/CONNECT_OTP_SUCCESS');
}
