import type { MouseEventHandler } from 'react';
import { capText, MAX_TEXT } from '../../core/text';
import { Image } from '../Image/Image';
import {
  badge,
  initial as initialClass,
  interactive,
  name as nameClass,
  unsupported as unsupportedClass,
  warnGlyph,
} from './NetworkBadge.css';

export interface NetworkBadgeProps {
  /** Network name (untrusted; capped). */
  name: string;
  imageUrl?: string | null;
  /** The wallet is on a network the app does not support: says so in text and colour. */
  unsupported?: boolean;
  /** Text shown for an unsupported network. */
  unsupportedLabel: string;
  /** Makes the badge a button (e.g. opens the network list). */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  disabled?: boolean;
  className?: string;
}

function WarningGlyph() {
  return (
    <svg className={warnGlyph} viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10 5.5v5.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="10" cy="14" r="1.1" fill="currentColor" />
    </svg>
  );
}

/** The first letter or digit of a network's name (Unicode-aware: one whole character, upper-cased). */
function initialOf(name: string): string {
  const first = [...name.trim()][0] ?? '';
  return first.toUpperCase();
}

/** The current network: its image and name, or an "unsupported" warning. */
export function NetworkBadge({
  name,
  imageUrl,
  unsupported = false,
  unsupportedLabel,
  onClick,
  disabled,
  className,
}: NetworkBadgeProps) {
  const label = unsupported ? capText(unsupportedLabel, MAX_TEXT.name) : capText(name, MAX_TEXT.name);
  const cls = [badge, unsupported && unsupportedClass, onClick && interactive, className]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {unsupported ? (
        <WarningGlyph />
      ) : (
        <Image
          src={imageUrl}
          alt=""
          size="sm"
          shape="circle"
          // A network without a (usable) picture shows its initial rather than a generic picture glyph.
          fallback={<span className={initialClass}>{initialOf(name)}</span>}
        />
      )}
      <span className={nameClass} title={label}>
        {label}
      </span>
    </>
  );
  if (onClick) {
    return (
      <button
        type="button"
        className={cls}
        onClick={onClick}
        disabled={disabled}
        data-kw-network-badge={unsupported ? 'unsupported' : 'supported'}
      >
        {content}
      </button>
    );
  }
  return (
    <span className={cls} data-kw-network-badge={unsupported ? 'unsupported' : 'supported'}>
      {content}
    </span>
  );
}
