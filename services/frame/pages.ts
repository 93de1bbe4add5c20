/**
 * Server-rendered pages of the frame service: the dev mailbox, the device-approval page, the local social
 * provider pages and the Farcaster stand-in. Plain HTML forms, no script; every interpolated value goes
 * through hono's `html` tag, which escapes it.
 */
import { html } from 'hono/html';
import type { MailMessage } from './auth-store.ts';

type Html = ReturnType<typeof html>;

export const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
};

export const PAGES_CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; padding: 24px; background: Canvas; color: CanvasText; }
main { max-width: 640px; margin: 0 auto; }
h1 { font-size: 22px; }
.card { border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 12px; padding: 16px; margin: 12px 0; }
.muted { opacity: 0.7; font-size: 13px; }
.code { font: 600 28px ui-monospace, monospace; letter-spacing: 4px; }
label { display: block; margin: 12px 0 4px; }
input[type=text] { font-size: 16px; padding: 8px 10px; border-radius: 8px; border: 1px solid #8888; width: 100%; box-sizing: border-box; }
button { font-size: 16px; padding: 10px 18px; border-radius: 10px; border: 0; background: #3b5bdb; color: white; cursor: pointer; margin-top: 12px; }
.error { color: #c92a2a; }
ul.mail { list-style: none; padding: 0; }
a { color: #3b5bdb; word-break: break-all; }
`;

function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="stylesheet" href="/pages.css" />
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`;
}

export function mailboxPage(messages: MailMessage[], filter: string | null): Html {
  const byAddress = new Map<string, MailMessage[]>();
  for (const m of messages) {
    if (filter && m.to !== filter) continue;
    byAddress.set(m.to, [...(byAddress.get(m.to) ?? []), m]);
  }
  const sections = [...byAddress.entries()].map(
    ([to, list]) => html`<section class="card" data-email="${to}">
      <h2>${to}</h2>
      <ul class="mail">
        ${list.map(
          (m) => html`<li class="card" data-kind="${m.kind}">
            <div>${m.subject}</div>
            ${m.code ? html`<div class="code" data-testid="otp">${m.code}</div>` : ''}
            ${m.link ? html`<div><a href="${m.link}">${m.link}</a></div>` : ''}
            <div class="muted">${new Date(m.sentAt).toISOString()}</div>
          </li>`,
        )}
      </ul>
    </section>`,
  );
  return layout(
    'Dev mailbox',
    html`<h1>Dev mailbox</h1>
      <p class="muted">
        One-time codes and device-approval links sent by the local secure frame, newest first. This page exists
        only in the local stack.
      </p>
      ${sections.length ? sections : html`<p>No messages yet.</p>`}`,
  );
}

export function deviceApprovePage(state: { token: string; email: string } | 'expired' | 'approved'): Html {
  if (state === 'expired') {
    return layout(
      'Approve device',
      html`<h1>Approve device</h1><p class="error">This approval link has expired.</p>`,
    );
  }
  if (state === 'approved') {
    return layout(
      'Device approved',
      html`<h1>Device approved</h1><p>You can return to the app. A login code was sent to your mailbox.</p>`,
    );
  }
  return layout(
    'Approve device',
    html`<h1>Approve a new device</h1>
      <p>Someone is logging in to the Keyway wallet of <strong>${state.email}</strong> from a new device.</p>
      <form method="post" action="/auth/device/approve">
        <input type="hidden" name="token" value="${state.token}" />
        <button type="submit">Approve</button>
      </form>`,
  );
}

export function providerPage(opts: {
  provider: string;
  action: string;
  hidden: Record<string, string>;
  error?: string;
  submitLabel: string;
  intro: string;
}): Html {
  const name = PROVIDER_NAMES[opts.provider] ?? opts.provider;
  return layout(
    `Sign in with ${name}`,
    html`<h1>Sign in with ${name}</h1>
      <p class="muted">${opts.intro}</p>
      <form method="post" action="${opts.action}">
        ${Object.entries(opts.hidden).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}" />`)}
        <label for="username">${name} username</label>
        <input id="username" name="username" type="text" autocomplete="username" required maxlength="39" />
        ${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}
        <button type="submit">${opts.submitLabel}</button>
      </form>`,
  );
}

export function messagePage(title: string, message: string): Html {
  return layout(title, html`<h1>${title}</h1><p>${message}</p>`);
}
