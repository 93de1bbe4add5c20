export { vars } from './contract.css';
export {
  createTheme,
  darkTheme,
  type KeywayTheme,
  lightTheme,
  systemTheme,
  type ThemeMode,
  type ThemeOptions,
  themeToCss,
} from './createTheme';
export { ROOT_SELECTOR } from './root.css';
export { ThemeScope, type ThemeScopeProps } from './ThemeScope';
export { cssVarName, darkTokens, lightTokens, type ThemeTokens } from './tokens';
