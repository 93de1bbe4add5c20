/**
 * The playground's Vite config: three pages (index.html, headless.html, phone.html: a test phone wallet), the kit's sources through its own
 * Vite plugins (vanilla-extract, the `[data-keyway]` PostCSS scoping of postcss.config.js), and a build
 * that needs nothing inline (no module-preload polyfill, assets as files), so it runs under the strict CSP
 * that playground/server.ts sends. `npx vite --config playground/vite.config.ts` runs it in dev mode.
 */
import { resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;
const repo = resolve(here, '..');

/**
 * The playground imports the kit as a host does, by its package entries (`keyway`, `keyway/views`,
 * `keyway/theme`, `keyway/testing`, `keyway/components`), here resolved to the sources so a change shows without a package build.
 * tsconfig.json maps the same names (`paths`); playground/imports.test.ts refuses any other way into `src/`.
 */
export const KEYWAY_SOURCE_ALIASES = [
  { find: /^keyway$/, replacement: resolve(repo, 'src/index.ts') },
  { find: /^keyway\/(components|views|theme|testing|ssr)$/, replacement: resolve(repo, 'src/$1/index.ts') },
];

export default defineConfig({
  root: here,
  base: '/',
  publicDir: false,
  envPrefix: 'VITE_KW_',
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { alias: KEYWAY_SOURCE_ALIASES },
  css: { postcss: repo },
  logLevel: 'warn',
  // Dev mode next to `npm start` (which serves the built playground on 4300).
  server: { host: '127.0.0.1', port: 5173 },
  build: {
    outDir: resolve(repo, 'playground-dist'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: resolve(here, 'index.html'),
        headless: resolve(here, 'headless.html'),
        phone: resolve(here, 'phone.html'),
      },
    },
  },
});
