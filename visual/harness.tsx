import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { page } from 'vitest/browser';
import { createTheme, type KeywayTheme, ThemeScope } from '../src/theme';

/** Tall enough for the longest sheet at 360 px: content below the frame would not be painted. */
export const FRAME_HEIGHT = 2400;
export const WIDTHS = [360, 1280] as const;
export const MODES = ['light', 'dark'] as const;
export type Mode = (typeof MODES)[number];

let root: Root | null = null;
let host: HTMLElement | null = null;

/** Renders `ui` inside a kit root with the given theme, then waits for fonts and images to settle. */
export async function show(ui: ReactNode, options: { mode?: Mode; theme?: KeywayTheme; width: number }) {
  await page.viewport(options.width, FRAME_HEIGHT);
  cleanup();
  host = document.createElement('div');
  host.setAttribute('data-visual-host', '');
  document.body.append(host);
  root = createRoot(host);
  const theme = options.theme ?? createTheme({ mode: options.mode ?? 'light' });
  flushSync(() => {
    root?.render(
      <ThemeScope theme={theme} data-testid="visual-root">
        {ui}
      </ThemeScope>,
    );
  });
  await settle();
  return page.getByTestId('visual-root');
}

/** Fonts loaded, every image decoded or failed (a failed one has been swapped for its fallback). */
export async function settle() {
  await document.fonts.ready;
  // Each image that is still loading ends with a load or an error event (complete is then true).
  await Promise.all(
    Array.from(document.querySelectorAll('img'))
      .filter((img) => !img.complete)
      .map(
        (img) =>
          new Promise<void>((done) => {
            img.addEventListener('load', () => done(), { once: true });
            img.addEventListener('error', () => done(), { once: true });
          }),
      ),
  );
  await Promise.all(
    Array.from(document.querySelectorAll('img')).map((img) => img.decode().catch(() => undefined)),
  );
  // Two frames: error handlers have re-rendered and layout is final.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}

export function cleanup() {
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
}
