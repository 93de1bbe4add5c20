/**
 * Types of the message catalogues. The English catalogue (`en.ts`) is the reference: every other locale's
 * catalogue is a `Catalogue`, the same tree with string leaves, so a missing or extra key fails `tsc`.
 */
import type { en } from './en';

/** The tree of `T` with every leaf a string. */
export type DeepStringRecord<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : DeepStringRecord<T[K]>;
};

/** Any part of the tree of `T`, down to single leaves. */
export type DeepPartial<T> = {
  readonly [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]>;
};

/** A locale's message catalogue: exactly the keys of the English one. */
export type Catalogue = DeepStringRecord<typeof en>;

/** Host overrides of any text (option `messages`, prop `messages` of `KeywayProvider`). */
export type MessageOverrides = DeepPartial<typeof en>;

/** The placeholder names of a message: `{name}` and `{count, plural, ...}` give `name` and `count`. */
export type MessageParams<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ?
      | (P extends `${infer Name},${string}`
          ? Name
          : P extends `${string} ${string}` | `${string}#${string}`
            ? never
            : P)
      | MessageParams<Rest>
  : never;

/** The values a message takes: strings, or numbers (formatted for the locale; plural branches choose by them). */
export type MessageValues<S extends string> = { readonly [K in MessageParams<S>]: string | number };

/** A catalogue ready to show: a message with placeholders is a function of its values, others are strings. */
export type Messages<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? [MessageParams<T[K]>] extends [never]
      ? string
      : (values: MessageValues<T[K]>) => string
    : Messages<T[K]>;
};
