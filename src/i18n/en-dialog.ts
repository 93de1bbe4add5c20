/**
 * The English texts the dialog's own code shows before the full catalogue (`en.ts`, which loads with the views)
 * is there: `ViewHost` says a view is unavailable with these alone. `en.ts` takes them from here, so each English
 * text is written once.
 */
export const enDialog = {
  viewUnavailable: 'This view is not available.',
} as const;
