// The Theme playground's composition, built with Vite into static files (one stylesheet, one script)
// and served by visual/csp.test.ts with `Content-Security-Policy: default-src 'self'; style-src 'self'`.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { ThemeScope } from '../../src/theme';
import { PlaygroundCard, type PlaygroundIcons } from '../../stories/theme/PlaygroundCard';
import { playgroundTheme } from '../../stories/theme/playgroundTheme';

const names: (keyof PlaygroundIcons)[] = ['fox', 'coin', 'rainbow', 'grid', 'shield', 'phantom', 'usdc'];
// Served from 'self' (http://127.0.0.1:<port>): data: URLs would break `img-src 'self'`.
const icons = Object.fromEntries(
  names.map((n) => [n, new URL(`/icons/${n}.svg`, window.location.href).href]),
) as unknown as PlaygroundIcons;

const theme = playgroundTheme({ accentColor: '#c2255c', radius: 'lg', font: 'Inter', mode: 'light' });
// The kit's entry sets zod's `jitless` itself (src/core/zod-mini.ts); the page does nothing for it.
if (!z.config().jitless) throw new Error('zod must be jitless under this CSP');
const app = document.getElementById('app');
if (app) {
  createRoot(app).render(
    <ThemeScope theme={theme}>
      <PlaygroundCard icons={icons} allowLocalhost />
    </ThemeScope>,
  );
}
