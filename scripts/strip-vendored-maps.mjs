#!/usr/bin/env node
// Two kinds of dist modules ship without a source map, since a host debugging the kit has no use for their maps:
// - third-party code the build bundles into dist/node_modules (today the seven simple-icons marks): its map
//   embeds the whole package's sources (5 MB for simple-icons, of which 7 paths are used);
// - the locale catalogues (dist/i18n/locales): data only, one object of texts, whose maps doubled their size
//   (0.8 MB for 23 catalogues).
// The kit's other modules keep their maps.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const roots = process.argv.length > 2 ? process.argv.slice(2) : ['dist/node_modules', 'dist/i18n/locales'];

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

let removed = 0;
for (const root of roots.map((r) => resolve(r)).filter((r) => existsSync(r))) {
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
console.log(
  `strip-vendored-maps: ${removed} source map(s) of bundled third-party code and catalogues removed`,
);
