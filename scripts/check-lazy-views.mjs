#!/usr/bin/env node
/**
 * Checks the library build: what a host loads by importing `keyway/views` (dist/views.js and every chunk it
 * imports statically, transitively) must not contain the code of any view or lazily loaded view part. Those
 * arrive through dynamic `import()` only, when the modal first opens (or the page is idle).
 *
 * Usage: `npx vite build && node scripts/check-lazy-views.mjs [distDir]` (default `dist`). Exit code 1 and a
 * list of what leaked when the check fails.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? 'dist');
const entry = join(dist, 'views.js');

/** Components whose definition must stay out of the views entry's static graph. */
const LAZY = [
  'ConnectView',
  'AllWalletsView',
  'ConnectingExternalView',
  'ConnectingWalletConnectView',
  'AccountView',
  'NetworksView',
  'UnsupportedChainView',
  'ConnectingSiweView',
  'TransactionsView',
  'TransactionList',
  'WalletReceiveView',
  'AccountTokensList',
  'AccountActivityList',
  'AccountWalletFeatures',
];

// Static imports only: `import … from "./x.js"` and bare `import "./x.js"`; never `import("./x.js")`.
const STATIC_IMPORT = /^\s*import\s+(?:[^'"();]*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["'];?\s*$/gm;

const seen = new Set();
const queue = [entry];
while (queue.length) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(STATIC_IMPORT)) queue.push(resolve(dirname(file), m[1]));
}

const leaks = [];
for (const file of seen) {
  const code = readFileSync(file, 'utf8');
  for (const name of LAZY) {
    if (new RegExp(`\\bfunction ${name}\\s*\\(`).test(code)) leaks.push(`${name} in ${relative(dist, file)}`);
  }
}

const files = [...seen].map((f) => relative(dist, f)).sort();
console.log(`keyway/views static graph: ${files.length} files: ${files.join(', ')}`);
if (leaks.length) {
  console.error(`Eagerly loaded view code (should be lazy):\n  ${leaks.join('\n  ')}`);
  process.exit(1);
}
console.log(`No view code in the static graph (${LAZY.length} components checked).`);
