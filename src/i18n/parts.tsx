/** Messages with elements in them (a link inside a sentence), translated as one sentence. */
import { Fragment, type ReactNode } from 'react';

const MARK = '\u0000';

/**
 * Writes `message` with each named placeholder as a React element: `withParts(T.consentBoth, { terms: <a/> })`
 * for `'I agree to the {terms} and the {privacy}'`. The translation decides where each element goes.
 */
export function withParts<K extends string>(
  message: (values: { readonly [P in K]: string | number }) => string,
  parts: { readonly [P in K]: ReactNode },
): ReactNode {
  const keys = Object.keys(parts) as K[];
  const marked = message(
    Object.fromEntries(keys.map((k) => [k, `${MARK}${k}${MARK}`])) as { [P in K]: string },
  );
  return marked
    .split(MARK)
    .map((piece, i) =>
      i % 2 === 1 && piece in parts ? <Fragment key={piece}>{parts[piece as K]}</Fragment> : piece,
    );
}
