#!/usr/bin/env node
// `npm test` step "ssr": the built package on a server. In Node, where a browser's globals do not exist, it
// imports every entry (`keyway`, `keyway/views`, `keyway/theme`, `keyway/testing`, `keyway/ssr`), creates an
// instance and renders `KeywayProvider` with `ConnectButton` and `KeywayModal` through `react-dom/server`: once
// for a visitor with no cookie, once for one whose connection cookie (`ssr: true`) names an account. It fails when
// any of that throws, when code reads a browser global other than to test whether it exists (`typeof window`),
// when the server's HTML lacks the Connect button (or, with the cookie, the account's button), or when a component's built file lacks `'use client'` (the
// boundary a React Server Components host such as Next.js needs).
//
// The globals are watched through getters on `globalThis` that answer `undefined`, as Node does, and note
// where they were read from: a read on a line with `typeof <name>` is a guard, anything else a touch.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connectionCookie } from './nextjs-example.mjs';

const BROWSER_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'navigator',
  'location',
  'history',
  'self',
  'matchMedia',
  'requestAnimationFrame',
  'HTMLElement',
  'customElements',
];

const touches = [];
const guards = new Set();

/**
 * Reads that are probes inside a try/catch, not touches: zustand's persist middleware (wagmi's store, with the
 * kit's cookie storage under `ssr: true`) builds its default storage as `createJSONStorage(() => localStorage)`
 * before taking the one it is given, and that function catches the ReferenceError a server throws.
 */
const CAUGHT_PROBES = [
  {
    name: 'localStorage',
    file: /\/zustand\/esm\/middleware\.mjs$/,
    line: /createJSONStorage\(\(\) => localStorage\)/,
  },
];

/** The first stack frame outside this file: `{file, line, column}`. */
function caller(stack) {
  for (const frame of stack.split('\n').slice(1)) {
    const m = frame.match(/\(?((?:file:\/\/)?\/[^():]+):(\d+):(\d+)\)?$/);
    if (!m || m[1].endsWith('/ssr-check.mjs')) continue;
    return { file: m[1].startsWith('file://') ? fileURLToPath(m[1]) : m[1], line: Number(m[2]) };
  }
  return null;
}

const sourceLines = new Map();
function lineOf(file, line) {
  if (!sourceLines.has(file)) {
    try {
      sourceLines.set(file, readFileSync(file, 'utf8').split('\n'));
    } catch {
      sourceLines.set(file, []);
    }
  }
  return sourceLines.get(file)[line - 1] ?? '';
}

for (const name of BROWSER_GLOBALS) {
  if (name in globalThis) {
    console.error(`ssr: ${name} exists in this Node (${process.version}); the check needs it absent`);
    process.exit(1);
  }
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const at = caller(new Error().stack ?? '');
      const where = at ? `${at.file.replace(`${process.cwd()}/`, '')}:${at.line}` : 'unknown';
      const source = at ? lineOf(at.file, at.line) : '';
      const probe =
        at && CAUGHT_PROBES.some((p) => p.name === name && p.file.test(at.file) && p.line.test(source));
      if (at && (probe || new RegExp(`typeof\\s+(?:globalThis\\.)?${name}\\b`).test(source))) {
        guards.add(`${name} at ${where}`);
      } else {
        touches.push(`${name} at ${where}`);
      }
      return undefined;
    },
  });
}

const failures = [];
async function phase(name, run) {
  const before = touches.length;
  try {
    const result = await run();
    for (const t of touches.slice(before)) failures.push(`${name}: read ${t}`);
    return result;
  } catch (error) {
    failures.push(`${name}: threw ${error?.stack ?? error}`);
    return undefined;
  }
}

const root = new URL('../dist/', import.meta.url);
const entries = await phase('import', async () => ({
  kit: await import(new URL('index.js', root).href),
  views: await import(new URL('views.js', root).href),
  theme: await import(new URL('theme.js', root).href),
  testing: await import(new URL('testing.js', root).href),
  ssr: await import(new URL('ssr.js', root).href),
}));

/** A request's Cookie header as the kit's cookie storage leaves it after a connection, among other cookies. */
const connectionCookieHeader = `theme=dark; ${connectionCookie()}`;

/** Creates an instance, renders the three components to HTML and destroys it (the phases name `label`). */
async function serverRender(kit, views, label, options) {
  const { createElement: h } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const keyway = await phase(`${label}: createKeyway`, () =>
    kit.createKeyway({ projectId: 'ssr-check', networks: [kit.keywayLocal], ...options }),
  );
  if (!keyway) return '';
  const out =
    (await phase(`${label}: render`, () =>
      renderToString(
        h(kit.KeywayProvider, { keyway }, h(views.ConnectButton, null), h(views.KeywayModal, null)),
      ),
    )) ?? '';
  await phase(`${label}: destroy`, () => keyway.destroy());
  return out;
}

let html = '';
let remembered = '';
if (entries) {
  const { kit, views, ssr } = entries;
  html = await serverRender(kit, views, 'no cookie', {});
  const initialState = await phase('cookieToInitialState', () =>
    ssr.cookieToInitialState(connectionCookieHeader),
  );
  if (entries && !initialState) failures.push('cookieToInitialState: the connection cookie read as no state');
  remembered = await serverRender(kit, views, 'cookie', { ssr: true, initialState });
}

if (entries && !/<button[^>]*>Connect wallet<\/button>/.test(html)) {
  failures.push(`render: the server's HTML has no Connect wallet button: ${html.slice(0, 300)}`);
}
if (entries && (!/data-kw-account-button/.test(remembered) || !remembered.includes('79C8'))) {
  failures.push(`cookie: the server's HTML has no account button: ${remembered.slice(0, 300)}`);
}
if (entries && /Connect wallet/.test(remembered)) {
  failures.push(`cookie: the server's HTML says "Connect wallet" to a remembered account`);
}

// Components and hooks are client modules; plain data and functions are not (a server may use them).
for (const [file, client] of [
  ['views/ConnectButton.js', true],
  ['views/KeywayModal.js', true],
  ['hooks/KeywayProvider.js', true],
  ['theme/ThemeScope.js', true],
  ['index.js', false],
  ['views.js', false],
  ['theme.js', false],
  ['theme/createTheme.js', false],
  ['core/networks.js', false],
  ['ssr.js', false],
  ['ssr/cookie.js', false],
  ['core/cookies.js', false],
]) {
  const first = readFileSync(new URL(file, root), 'utf8').split('\n', 1)[0];
  const marked = /^["']use client["'];?$/.test(first.trim());
  if (marked !== client) {
    failures.push(
      `dist/${file}: ${client ? "lacks 'use client' on its first line" : "is marked 'use client'"}`,
    );
  }
}

console.log(`Guards read on the server (typeof checks, allowed): ${guards.size}`);
for (const g of [...guards].sort()) console.log(`  ${g}`);
if (failures.length) {
  console.error(`\n${failures.length} problem(s) on the server:`);
  for (const f of failures) console.error(`- ${f}`);
  process.exit(1);
}
console.log(
  `Imported 5 entries; rendered ${html.length} characters of HTML with no cookie, ${remembered.length} with the connection cookie (the account's button).`,
);
