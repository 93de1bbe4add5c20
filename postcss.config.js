// Scopes every kit style under the one root attribute `[data-keyway]`.
// Kit rules then (a) never match anything outside the kit's own subtree and
// (b) carry one extra attribute of specificity, so a host's global resets
// (Tailwind preflight's `[type='button']`, `button {}`, `* {}`) cannot override them.
// Rules that already name the root (the theme and reset in src/theme/root.css.ts) are left as they are.
import prefixer from 'postcss-prefix-selector';

export default {
  plugins: [
    prefixer({
      prefix: '[data-keyway]',
      transform(_prefix, selector, prefixed, filePath) {
        if (!filePath || !/\.css\.ts\.vanilla\.css/.test(filePath)) return selector;
        if (
          selector.includes('[data-keyway]') ||
          selector.startsWith(':root') ||
          selector.startsWith('html')
        ) {
          return selector;
        }
        return prefixed;
      },
    }),
  ],
};
