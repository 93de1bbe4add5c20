import { Portal } from '@ark-ui/react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { KeywayTheme, ThemeMode } from '../../theme/createTheme';
import { systemTheme } from '../../theme/createTheme';
import { ThemeScope } from '../../theme/ThemeScope';

const MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

/**
 * Reads the theme of the kit root that encloses `el`: its mode and the `--kw-*` overrides it sets.
 * Portalled content leaves that root's subtree, so it needs its own copy to look the same.
 */
export function themeOfEnclosingRoot(el: Element | null): KeywayTheme | null {
  const root = el?.closest<HTMLElement>('[data-keyway]');
  if (!root) return null;
  const attr = root.getAttribute('data-kw-mode');
  const mode = MODES.find((m) => m === attr) ?? 'system';
  const overrides: Record<string, string> = {};
  for (let i = 0; i < root.style.length; i++) {
    const name = root.style.item(i);
    if (name.startsWith('--kw-')) overrides[name] = root.style.getPropertyValue(name).trim();
  }
  return { mode, vars: overrides };
}

export interface KitPortalProps {
  /** The theme of the portalled subtree. Without one it copies the theme of the enclosing kit root. */
  theme?: KeywayTheme | undefined;
  /** Nothing is portalled while false, so closed overlays leave no element in `document.body`. */
  present?: boolean;
  children: ReactNode;
}

/**
 * Portals kit content (modal, tooltip) to `document.body`, inside its own `[data-keyway]` root so the kit's
 * scoped styles and theme still apply there.
 */
export function KitPortal({ theme, present = true, children }: KitPortalProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [inherited, setInherited] = useState<KeywayTheme | null>(null);
  useLayoutEffect(() => {
    if (theme || !present) return;
    setInherited(themeOfEnclosingRoot(anchor.current));
  }, [theme, present]);
  return (
    <>
      {theme ? null : <span ref={anchor} hidden />}
      {present ? (
        <Portal>
          <ThemeScope theme={theme ?? inherited ?? systemTheme}>{children}</ThemeScope>
        </Portal>
      ) : null}
    </>
  );
}
