import type { MouseEventHandler, ReactNode } from 'react';
import { capText, MAX_TEXT } from '../../core/text';
import { safeLinkUrl } from '../../core/url';
import { useUrlPolicy } from '../_safe/urlPolicy';
import { Image } from '../Image/Image';
import { Badge, type BadgeTone } from './Badge';
import {
  body,
  chevron as chevronClass,
  description as descriptionClass,
  inert,
  link,
  name as nameClass,
  row,
} from './ListItem.css';

export interface ListItemProps {
  /** Main text (untrusted; capped, one line). */
  name: string;
  /** Secondary line (untrusted; capped, one line). */
  description?: string;
  iconUrl?: string | null;
  /** An icon element instead of a URL. */
  icon?: ReactNode;
  /** Round icon (networks, accounts) instead of a rounded square (wallets). */
  iconShape?: 'rounded' | 'circle';
  badge?: string;
  badgeTone?: BadgeTone;
  /** Trailing chevron: the row leads somewhere. */
  chevron?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  /** Makes the row a button. */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** With `onClick`: the pointer rests on the row or the focus reaches it (to preload what a click needs). */
  onIntent?: () => void;
  /** Makes the row a link instead. Only `https:` URLs are accepted; an unsafe URL renders an inert row. */
  href?: string;
  /** With `href`: opens in a new tab with `rel="noopener noreferrer"`. */
  external?: boolean;
}

export function Chevron() {
  return (
    <svg className={chevronClass} viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path
        d="M6 3.5L10.5 8 6 12.5"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A row in a list: icon, name, description, badge, chevron. A button, or a link with `href`. */
export function ListItem(props: ListItemProps) {
  const {
    name,
    description,
    iconUrl,
    icon,
    iconShape = 'rounded',
    badge,
    badgeTone,
    chevron = true,
    disabled,
    className,
  } = props;
  const urlPolicy = useUrlPolicy();
  const label = capText(name, MAX_TEXT.name);
  const desc = description ? capText(description, MAX_TEXT.description) : '';
  const content = (
    <>
      {icon ?? (iconUrl !== undefined ? <Image src={iconUrl} alt="" size="lg" shape={iconShape} /> : null)}
      <span className={body}>
        <span className={nameClass} title={label}>
          {label}
        </span>
        {desc ? <span className={descriptionClass}>{desc}</span> : null}
      </span>
      {badge ? <Badge tone={badgeTone}>{badge}</Badge> : null}
      {chevron ? <Chevron /> : null}
    </>
  );
  const cls = [row, className].filter(Boolean).join(' ');

  if (props.href !== undefined) {
    const href = safeLinkUrl(props.href, urlPolicy);
    if (!href || disabled) {
      // No usable destination: a plain row that looks disabled and is not announced as a link.
      return (
        <div className={`${cls} ${inert}`} aria-disabled="true" data-kw-list-item="">
          {content}
        </div>
      );
    }
    return (
      <a
        className={`${cls} ${link}`}
        href={href}
        aria-label={props['aria-label']}
        data-kw-list-item=""
        {...(props.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={cls}
      disabled={disabled}
      onClick={props.onClick}
      onPointerEnter={props.onIntent}
      onFocus={props.onIntent}
      aria-label={props['aria-label']}
      data-kw-list-item=""
    >
      {content}
    </button>
  );
}
