// The Jest config of the Storybook test-runner (`test-storybook`, run by scripts/test-storybook-runner.mjs):
// its defaults (`getJestConfig()`, what `test-storybook --eject` writes) with this machine's browser and the
// environment of the Vitest storybook project (vitest.browser.ts), so that a story sees the same page under both.
// test-storybook looks for `test-runner-jest*` at the project root; ESM, like the package ("type": "module").
import { getJestConfig } from '@storybook/test-runner';
/** The flags of every test browser, as vitest.browser.ts launches them. */
import chromiumArgs from './chromium-args.json' with { type: 'json' };

const testRunnerConfig = getJestConfig();

/** Debian's Chromium: Playwright cannot download its own browser here (vitest.browser.ts reads the same variable). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * @type {import('@jest/types').Config.InitialOptions}
 */
export default {
  ...testRunnerConfig,
  testEnvironmentOptions: {
    ...testRunnerConfig.testEnvironmentOptions,
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: { executablePath: CHROMIUM, args: chromiumArgs },
      // As in the Vitest storybook project: English whatever the machine's language (with no host locale the
      // kit follows navigator.languages) and reduced motion (the kit honours it: a play function sees a view in
      // its final state, never the first frame of an entry animation). The page is 1200×900, the size
      // addon-vitest gives a story that names no viewport; .storybook/test-runner.ts sizes it per story.
      contextOptions: {
        viewport: { width: 1200, height: 900 },
        locale: 'en-US',
        reducedMotion: 'reduce',
      },
    },
  },
  // One test per story: its render, play function, axe check and postVisit hook. The play functions wait for
  // conditions (up to 10 s each, .storybook/preview.tsx), and a story's first load in a page pays for the lazily
  // loaded views it opens, on a 2-core machine shared by two Chromium workers: the Vitest storybook project's
  // limit (60 s), not the runner's default 15 s.
  testTimeout: 60_000,
};
