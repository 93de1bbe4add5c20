/**
 * The layer rules of the kit's source (README, "Layout"), checked by `npm test` (scripts/test.mjs, step
 * "layers"). From the bottom: core (rules, constants, schemas) → i18n and theme (catalogue and theme data)
 * → api, chains, frame (clients, connectors, the frame protocol) → hooks (stores and their React bindings) →
 * components (presentational) and views (the styled layer) → instance (the composition root). A layer imports
 * only from below; type imports count too; no module is part of an import cycle. Test files may reach across.
 */
const notTests = '\\.(test|stories)\\.tsx?$';

/** A rule: files under `from` may not import files under `to`. */
const layer = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: notTests },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import cycle ties every module on it together (one cannot load, change or split without the rest); ' +
        'type imports count too. A cycle closed only by a dynamic import (a lazily loaded part) does not tie loading.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    layer(
      'core-is-the-base',
      'core holds rules, constants and schemas that every layer uses; it uses none of them.',
      '^src/core/',
      '^src/(api|chains|frame|hooks|components|views|instance|testing|ssr)/',
    ),
    layer(
      'the-server-entry-is-core-only',
      'keyway/ssr runs in a Server Component: it imports core alone (no React, no store, no client).',
      '^src/ssr/',
      '^src/(?!core/|ssr/)',
    ),
    layer(
      'i18n-and-theme-are-data',
      'The catalogue and the theme are data below every layer that shows something.',
      '^src/(i18n|theme)/',
      '^src/(api|chains|frame|hooks|components|views|instance|testing)/',
    ),
    layer(
      'clients-know-no-ui',
      'API clients, chain connectors and the frame protocol know nothing of stores, components or views.',
      '^src/(api|chains|frame)/',
      '^src/(hooks|components|views|theme|instance|testing)/',
    ),
    layer(
      'hooks-below-the-styled-layer',
      'Stores and hooks serve a host’s own UI as well as the styled views: they never import the styled layer.',
      '^src/hooks/',
      '^src/(components|views|theme|instance|testing)/',
    ),
    layer(
      'components-are-presentational',
      'Components render what they are given: no stores, hooks, clients or views.',
      '^src/components/',
      '^src/(api|chains|frame|hooks|views|instance|testing)/',
    ),
    layer(
      'views-ask-hooks',
      'Views get their parts through hooks, never from the composition root.',
      '^src/views/',
      '^src/(instance|testing)/',
    ),
    layer(
      'the-package-stands-alone',
      'The package imports nothing of the repository around it.',
      '^src/',
      '^(services|playground|stories|e2e|bench|scripts|visual)/',
    ),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
