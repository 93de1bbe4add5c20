#!/usr/bin/env node
// Third-party code the build bundles into dist/node_modules (today the seven simple-icons marks) ships without
// a source map: its map embeds the whole package's sources (5 MB for simple-icons, of which 7 paths are used),
// and a host debugging the kit has no use for it. The kit's own modules keep their maps.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'dist/node_modules');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

let removed = 0;
if (existsSync(root)) {
  for (const file of walk(root)) {
    if (file.endsWith('.map')) {
      rmSync(file);
      removed++;
    } else if (file.endsWith('.js')) {
      const text = readFileSync(file, 'utf8');
      const stripped = text.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, '\n');
      if (stripped !== text) writeFileSync(file, stripped);
    }
  }
}
console.log(`strip-vendored-maps: ${removed} source map(s) of bundled third-party code removed`);
