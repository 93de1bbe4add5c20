import type { HTMLAttributes, ReactNode } from 'react';
import { align as alignClass, text, truncate as truncateClass, variants, visuallyHidden } from './Text.css';

export type TextVariant = 'title' | 'body' | 'small' | 'label' | 'mono' | 'muted';
export type TextElement =
  | 'p'
  | 'span'
  | 'div'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'h6'
  | 'label'
  | 'strong'
  | 'em';

export interface TextProps extends HTMLAttributes<HTMLElement> {
  variant?: TextVariant;
  /** The element to render. Defaults: `h2` for `title`, `span` for `label`/`mono`, `p` otherwise. */
  as?: TextElement;
  /** One line with an ellipsis (pair it with a `title` attribute when the full text matters). */
  truncate?: boolean;
  align?: 'start' | 'center' | 'end';
  /** For `as="label"`. */
  htmlFor?: string;
  children?: ReactNode;
}

const defaultElement: Record<TextVariant, TextElement> = {
  title: 'h2',
  body: 'p',
  small: 'p',
  label: 'span',
  mono: 'span',
  muted: 'p',
};

/** Typography on the theme's type scale. Children render as text (React escapes them). */
export function Text({ variant = 'body', as, truncate, align, className, children, ...rest }: TextProps) {
  const Element = as ?? defaultElement[variant];
  const cls = [text, variants[variant], truncate && truncateClass, align && alignClass[align], className]
    .filter(Boolean)
    .join(' ');
  return (
    <Element className={cls} {...rest}>
      {children}
    </Element>
  );
}

/** Text for screen readers only. */
export function VisuallyHidden({ children, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={visuallyHidden} {...rest}>
      {children}
    </span>
  );
}
