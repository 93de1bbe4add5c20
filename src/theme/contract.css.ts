import { createGlobalThemeContract } from '@vanilla-extract/css';
import { cssVarName, lightTokens, type ThemeTokens } from './tokens';

type Contract<T> = { [K in keyof T]: T[K] extends object ? Contract<T[K]> : string };

/** Builds the contract shape from the token tree, so a token added to the values exists in the contract. */
function shape(tokens: ThemeTokens): Contract<ThemeTokens> {
  const out: Record<string, Record<string, string>> = {};
  for (const [group, values] of Object.entries(tokens)) {
    const entry: Record<string, string> = {};
    for (const name of Object.keys(values)) entry[name] = '';
    out[group] = entry;
  }
  return out as unknown as Contract<ThemeTokens>;
}

/**
 * The theme contract. Components read only these variables. Names are public and stable:
 * `vars.color.accent` is `var(--kw-color-accent)`, `vars.radius.md` is `var(--kw-radius-md)`.
 */
export const vars = createGlobalThemeContract(shape(lightTokens), (_value, path) =>
  cssVarName(path[0] ?? '', path.slice(1).join('-')).slice(2),
);
