#!/usr/bin/env node
// `node bench/i18n-cost.mjs`: what the language machinery adds to the initial bundle of the styled playground
// page, as an A/B of two builds of the same sources:
//   A  the kit as it is (the figure `npm run bench:bundle` reports as "styled, before open, JS gzip");
//   B  the same build with the i18n runtime replaced by an English-only stand-in: no I18nProvider (its children
//      as they are), no compile step (the English shell texts as written), no Ark UI locale provider (`ArkLocale`
//      its children as they are), no locale loaders, no hand-over of the full catalogue, the §8 toasts shown as
//      the store holds them.
// The English texts (`en-shell.ts`) stay in both builds: they replaced the constants the components held before
// the catalogue, so they are not counted. A − B is the runtime's cost. Sizes: gzip level 9 of each initial JS file
// (the entry page's chunk and its static imports), summed, as bench/bundle.mjs counts them. Not part of `npm test`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const repo = resolve(import.meta.dirname, '..');
const i18n = join(repo, 'src', 'i18n');

/** The English-only stand-ins, by module (same exports, no runtime). */
const STAND_INS = {
  'context.tsx': `
    import { createContext, useContext } from 'react';
    const ENGLISH = { locale: 'en', lang: 'en', dir: 'ltr', rootDir: undefined, catalogue: null,
      overrides: undefined, requested: undefined };
    export const I18nContext = createContext(ENGLISH);
    export function useLocale() { return useContext(I18nContext); }
    export function I18nProvider({ children }) { return children; }
    export function useCompiledMessages(reference) { return reference; }`,
  'fullCatalogue.ts': `
    export function provideFullCatalogue() {}
    export function useFullCatalogue() { return null; }`,
  'useShellMessages.ts': `
    import { enShell } from './en-shell';
    export function useShellMessages() { return enShell; }
    export function translateToast(_m, message) { return message; }`,
  'ArkLocale.tsx': `
    export function ArkLocale({ children }) { return children; }`,
  'loaders.ts': `
    export const CATALOGUE_LOADERS = {};
    export async function loadLocale() { return { lang: 'en', dir: 'ltr', catalogue: null }; }`,
};

const englishOnly = {
  name: 'keyway-english-only',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0];
    if (!file.startsWith(`${i18n}/`)) return null;
    const code = STAND_INS[file.slice(i18n.length + 1)];
    return code;
  },
};

async function initialJsGzip(plugins) {
  const outDir = mkdtempSync(join(tmpdir(), 'keyway-bench-i18n-'));
  try {
    await build({
      configFile: join(repo, 'playground', 'vite.config.ts'),
      logLevel: 'error',
      plugins,
      build: { outDir, emptyOutDir: true, manifest: 'manifest.json', chunkSizeWarningLimit: 8192 },
    });
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
    const seen = new Set();
    const walk = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const k of manifest[key].imports ?? []) walk(k);
    };
    walk('index.html');
    let gzip = 0;
    for (const key of seen) {
      const file = manifest[key].file;
      if (file.endsWith('.js')) gzip += gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    }
    return gzip;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const a = await initialJsGzip([]);
const b = await initialJsGzip([englishOnly]);
console.log('Styled playground page, initial JS (gzip -9):');
console.log(`  A  the kit as it is              ${a} B (${(a / 1024).toFixed(1)} KiB)`);
console.log(`  B  i18n runtime left out         ${b} B (${(b / 1024).toFixed(1)} KiB)`);
console.log(`  A − B  the i18n runtime's cost   ${a - b} B (${((a - b) / 1024).toFixed(2)} KiB)`);
