#!/usr/bin/env node
// The package's declarations, one file per public entry: `tsc` writes one declaration per source module into
// dist/.types (337 files); rolldown-plugin-dts bundles them from the entries of package.json `exports` into
// dist/types, with the types two entries share in a few shared files, so a type is declared once and is the same
// type from every entry. Doc comments are kept (an editor shows them); dist/.types is removed.
//
// The flows add their part to the instance's `KeywayParts` by module augmentation (`declare module '../keyway'`).
// In a bundle that module is the bundle itself, so each such block is unwrapped into the file that declares the
// interface (declarations of one interface in one file merge). A block whose interface the file does not declare
// fails the build.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rolldown } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';

const root = resolve(import.meta.dirname, '..');
const from = join(root, 'dist/.types');
const to = join(root, 'dist/types');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];

/** The entries: `dist/types/<name>.d.ts` ← `dist/.types/<dir>/index.d.ts`, as package.json `exports` names them. */
export const TYPE_ENTRIES = {
  index: 'index.d.ts',
  views: 'views/index.d.ts',
  components: 'components/index.d.ts',
  theme: 'theme/index.d.ts',
  testing: 'testing/index.d.ts',
  ssr: 'ssr/index.d.ts',
};

/**
 * A bundled declaration file with its relative module augmentations unwrapped: the interfaces of each
 * `declare module './x' { … }` block become top-level declarations that merge with the file's own.
 * Throws when the file does not declare an augmented interface.
 * @param {string} text
 * @param {string} file for the error message
 */
export function unwrapRelativeAugmentations(text, file) {
  const block = /^declare module (['"])\.{1,2}\/[^'"]+\1 \{\n([\s\S]*?)^\}\n/gm;
  return text.replace(block, (_match, _quote, body) => {
    for (const [, name] of body.matchAll(/^\s*interface (\w+)/gm)) {
      if (!new RegExp(`^(?:export )?(?:declare )?interface ${name}\\b`, 'm').test(text)) {
        throw new Error(`${file}: an augmentation of ${name}, which this file does not declare`);
      }
    }
    return body.replace(/^ {2}/gm, '');
  });
}

async function main() {
  const bundle = await rolldown({
    cwd: root,
    input: Object.fromEntries(Object.entries(TYPE_ENTRIES).map(([name, f]) => [name, join(from, f)])),
    external: (id) => external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
    plugins: [dts({ dtsInput: true, tsconfig: false })],
    logLevel: 'silent',
  });
  rmSync(to, { recursive: true, force: true });
  const { output } = await bundle.write({
    dir: to,
    format: 'es',
    entryFileNames: '[name].d.ts',
    chunkFileNames: 'shared/[name]-[hash].d.ts',
  });
  await bundle.close();
  let bytes = 0;
  for (const chunk of output) {
    const path = join(to, chunk.fileName);
    const text = unwrapRelativeAugmentations(readFileSync(path, 'utf8'), chunk.fileName);
    if (/^declare module ['"]\./m.test(text))
      throw new Error(`${chunk.fileName}: a relative module augmentation is left`);
    writeFileSync(path, text);
    bytes += Buffer.byteLength(text);
  }
  const before = readdirSync(from, { recursive: true }).filter((f) => String(f).endsWith('.d.ts')).length;
  rmSync(from, { recursive: true, force: true });
  console.log(
    `bundle-types: ${before} declaration files → ${output.length} (${Math.round(bytes / 1024)} KiB) in dist/types`,
  );
}

if (process.argv[1] === import.meta.filename) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
