import { playwright } from '@vitest/browser-playwright';
import chromiumFlags from './chromium-args.json' with { type: 'json' };

/** Debian's Chromium (installed by .ci/run); Playwright's own download cannot work offline. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's flags for every test browser (the Storybook test-runner's Jest config reads the same file). */
export const chromiumArgs: string[] = chromiumFlags;

/** A fresh browser config per Vitest project (projects must not share one `browser` object). */
export function chromiumBrowser(viewport = { width: 1280, height: 800 }) {
  return {
    enabled: true,
    headless: true,
    // Reduced motion (the kit honours it: no fade-ins or slides): a play function sees a view in its final
    // state at once, never at the first frame of an entry animation with opacity 0 ("not visible").
    provider: playwright({
      launchOptions: { executablePath: CHROMIUM, args: chromiumArgs },
      // English whatever the machine's language: with no host locale the kit follows navigator.languages.
      contextOptions: { reducedMotion: 'reduce', locale: 'en-US' },
    }),
    instances: [{ browser: 'chromium' as const, viewport }],
  };
}

/**
 * Dependencies pre-bundled up front for browser projects. Vite discovers lazily imported ones mid-run on a
 * cold cache and reloads, which fails the running file ("Vite unexpectedly reloaded a test"): add any new
 * runtime dependency that a story, a view or a visual test imports here.
 */
export const browserOptimizeDeps = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  '@ark-ui/react',
  '@tanstack/react-virtual',
  '@tanstack/react-query',
  '@vanilla-extract/css',
  '@vanilla-extract/css/recipe',
  '@vanilla-extract/css/fileScope',
  'msw',
  'msw/browser',
  'msw-storybook-addon/csf3',
  'storybook/test',
  'zustand',
  'zustand/vanilla',
  'zod',
  'zod/mini',
  'zod/locales',
  'viem',
  'viem/chains',
  'viem/accounts',
  'viem/siwe',
  'viem/actions',
  'viem/utils',
  'wagmi',
  'wagmi/actions',
  'wagmi/connectors',
  'wagmi/connectors/coinbaseWallet',
  'wagmi/connectors/safe',
  'wagmi/connectors/walletConnect',
  'zustand/react/shallow',
  '@ark-ui/react/qr-code',
  '@solana/web3.js',
  'simple-icons',
];
