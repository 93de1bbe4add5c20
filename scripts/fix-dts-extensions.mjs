#!/usr/bin/env node
// tsc emits declarations with the source's extensionless relative imports (moduleResolution "Bundler").
// Node's ESM resolution (TypeScript "node16"/"nodenext" consumers) needs explicit files, so this adds
// `.js` (or `/index.js`) to every relative specifier in dist/types.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'dist/types');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.d.ts') ? [p] : [];
  });
}

// Imports, and module augmentations (`declare module '../keyway'`: a part adds its type to the instance's).
const specifier = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bdeclare\s+module\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;
let changed = 0;
for (const file of walk(root)) {
  const src = readFileSync(file, 'utf8');
  const out = src.replace(specifier, (match, lead, quote, spec) => {
    if (/\.(js|mjs|cjs|json)$/.test(spec)) return match;
    const base = resolve(dirname(file), spec);
    if (existsSync(`${base}.d.ts`)) return `${lead}${quote}${spec}.js${quote}`;
    if (existsSync(join(base, 'index.d.ts'))) return `${lead}${quote}${spec}/index.js${quote}`;
    return match;
  });
  if (out !== src) {
    writeFileSync(file, out);
    changed++;
  }
}
console.log(`fix-dts-extensions: ${changed} declaration files updated`);
