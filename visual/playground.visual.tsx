import { afterAll, describe, expect, test } from 'vitest';
import { icons } from '../stories/components/_fixtures';
import { PlaygroundCard } from '../stories/theme/PlaygroundCard';
import { playgroundTheme } from '../stories/theme/playgroundTheme';
import { cleanup, MODES, show, WIDTHS } from './harness';

afterAll(cleanup);

describe('theme playground', () => {
  for (const mode of MODES) {
    for (const width of WIDTHS) {
      test(`${mode} at ${width}px`, async () => {
        const theme = playgroundTheme({
          accentColor: mode === 'light' ? '#3b5bdb' : '#7c93f0',
          radius: 'md',
          font: 'Inter',
          mode,
        });
        const root = await show(<PlaygroundCard icons={icons} />, { theme, width });
        await expect.element(root).toMatchScreenshot(`playground-${mode}-${width}`);
      });
    }
  }
  test('custom accent, square corners (light, 360px)', async () => {
    const theme = playgroundTheme({ accentColor: '#c2255c', radius: 'none', font: 'Inter', mode: 'light' });
    const root = await show(<PlaygroundCard icons={icons} />, { theme, width: 360 });
    await expect.element(root).toMatchScreenshot('playground-custom-360');
  });
});
