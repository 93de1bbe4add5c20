import { type CSSProperties, forwardRef, type HTMLAttributes, useSyncExternalStore } from 'react';
import { useLocale } from '../i18n/context';
import type { KeywayTheme } from './createTheme';
import { systemTheme } from './createTheme';
import './root.css';

export interface ThemeScopeProps extends HTMLAttributes<HTMLDivElement> {
  theme?: KeywayTheme;
}

const subscribeNever = () => () => undefined;

/** True while React renders on a server or hydrates the server's HTML; false in the browser otherwise. */
function useServerMarkup(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}

/**
 * The kit's root: carries `data-keyway` (every kit style is scoped under it) and the theme mode,
 * sets `dir` and `lang` from the locale (`rtl` for Arabic, Hebrew and Persian) when the host gave one or the
 * visitor's language chose one (a screen reader then reads the texts in their language, and the browser picks
 * fonts for their script: Traditional rather than Simplified Chinese forms), and sets host overrides as CSS
 * custom properties through the CSSOM (allowed under a CSP without `style-src 'unsafe-inline'` because React sets
 * them with `style.setProperty`, not a style attribute in markup).
 *
 * On a server they would become a `style` attribute in the HTML, which such a CSP blocks (and hydration would
 * never set again): the server's HTML leaves them out, and the browser sets them through the CSSOM once it has
 * hydrated (the first paint before that shows the mode's own values).
 */
export const ThemeScope = forwardRef<HTMLDivElement, ThemeScopeProps>(function ThemeScope(
  { theme = systemTheme, style, children, ...rest },
  ref,
) {
  const { rootDir, lang } = useLocale();
  const serverMarkup = useServerMarkup();
  const merged = serverMarkup ? style : { ...(theme.vars as CSSProperties), ...style };
  return (
    <div
      ref={ref}
      data-keyway=""
      data-kw-mode={theme.mode}
      dir={rootDir}
      lang={rootDir ? lang : undefined}
      style={merged}
      {...rest}
    >
      {children}
    </div>
  );
});
