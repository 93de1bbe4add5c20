/**
 * The styled modal tells the secure frame how it looks (spec: sync theme), so the frame's approval screen, laid
 * over the modal, wears the same mode, accent, corners and font. What it sends is read from the modal as
 * rendered, not from options: a theme given to `KeywayModal`, to `createKeyway({ theme })` or by a `ThemeScope`
 * around the kit all end up there, and a 'system' mode is resolved to what the visitor's device shows.
 */
import { useEffect } from 'react';
import type { FrameTheme, Keyway } from '../hooks/keyway';
import { cssVarName } from '../theme/tokens';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** A CSS color as the browser computes it (`rgb(232, 89, 12)`), through `probe`'s own color; '' when invalid. */
function computedColor(probe: HTMLElement, value: string): string {
  if (!value) return '';
  probe.style.color = '';
  probe.style.color = value;
  const set = probe.style.color !== '';
  const color = set ? getComputedStyle(probe).color : '';
  probe.style.color = '';
  return color;
}

/** The frame theme of the kit root that encloses `probe` (an element inside the modal). */
export function readFrameTheme(probe: HTMLElement): FrameTheme {
  const root = probe.closest<HTMLElement>('[data-keyway]');
  const declared = root?.getAttribute('data-kw-mode');
  const mode =
    declared === 'dark' || declared === 'light'
      ? declared
      : typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches
        ? 'dark'
        : 'light';
  const style = getComputedStyle(probe);
  const token = (group: string, name: string) => style.getPropertyValue(cssVarName(group, name)).trim();
  const theme: FrameTheme = { mode };
  const accent = computedColor(probe, token('color', 'accent'));
  if (accent) theme.accentColor = accent;
  const accentForeground = computedColor(probe, token('color', 'accentForeground'));
  if (accentForeground) theme.accentForegroundColor = accentForeground;
  const radius = token('radius', 'md');
  if (radius) theme.radius = radius;
  const fontFamily = token('font', 'family');
  if (fontFamily) theme.fontFamily = fontFamily;
  return theme;
}

/**
 * While `probe` (an element inside the shown modal) is mounted, sends the modal's theme to the embedded wallet's
 * frame, again whenever `changed` changes (the theme, the view) and when the device's light/dark preference
 * changes. Nothing without an embedded wallet; the frame gets it once it is up (the embedded wallet keeps the
 * latest).
 */
export function useFrameThemeSync(
  keyway: Keyway,
  probe: HTMLElement | null,
  changed: readonly unknown[],
): void {
  const embedded = keyway.embedded;
  useEffect(() => {
    if (!embedded || !probe) return;
    const send = () => embedded.setFrameTheme(readFrameTheme(probe));
    send();
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(DARK_QUERY);
    query.addEventListener('change', send);
    return () => query.removeEventListener('change', send);
  }, [embedded, probe, ...changed]);
}
