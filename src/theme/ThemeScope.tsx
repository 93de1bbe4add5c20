import { type CSSProperties, forwardRef, type HTMLAttributes } from 'react';
import { useLocale } from '../i18n/context';
import type { KeywayTheme } from './createTheme';
import { systemTheme } from './createTheme';
import './root.css';

export interface ThemeScopeProps extends HTMLAttributes<HTMLDivElement> {
  theme?: KeywayTheme;
}

/**
 * The kit's root: carries `data-keyway` (every kit style is scoped under it) and the theme mode,
 * sets `dir` from the locale (`rtl` for Arabic and Hebrew) when the host gave one, and sets host overrides as CSS custom properties through the CSSOM (allowed under a CSP without
 * `style-src 'unsafe-inline'` because React sets them with `style.setProperty`, not a style attribute in markup).
 */
export const ThemeScope = forwardRef<HTMLDivElement, ThemeScopeProps>(function ThemeScope(
  { theme = systemTheme, style, children, ...rest },
  ref,
) {
  const { rootDir } = useLocale();
  const merged = { ...(theme.vars as CSSProperties), ...style };
  return (
    <div ref={ref} data-keyway="" data-kw-mode={theme.mode} dir={rootDir} style={merged} {...rest}>
      {children}
    </div>
  );
});
