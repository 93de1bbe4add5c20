import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { browserOptimizeDeps, chromiumBrowser } from '../vitest.browser.ts';

export default defineProject({
  plugins: [react(), vanillaExtractPlugin()],
  optimizeDeps: { include: browserOptimizeDeps },
  test: {
    name: 'visual',
    include: ['visual/**/*.visual.tsx'],
    browser: chromiumBrowser(),
  },
});
