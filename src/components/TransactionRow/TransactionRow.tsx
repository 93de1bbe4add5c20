import { capText, MAX_TEXT } from '../../core/text';
import { safeLinkUrl } from '../../core/url';
import { useUrlPolicy } from '../_safe/urlPolicy';
import { VisuallyHidden } from '../Text/Text';
import {
  amount,
  amountIn,
  counterparty as counterpartyClass,
  dot,
  end,
  explorer,
  glyph,
  iconWrap,
  main,
  meta,
  row,
  secondaryAmount,
  status as statusClass,
  statusTones,
  title as titleClass,
} from './TransactionRow.css';

export type TransactionDirection = 'in' | 'out' | 'self' | 'trade';
export type TransactionStatus = 'pending' | 'confirmed' | 'failed';

/** The words of a row, in the caller's language. */
export interface TransactionRowLabels {
  /** The direction glyph's name: received, sent, self transfer, swap. */
  direction: Readonly<Record<TransactionDirection, string>>;
  status: Readonly<Record<TransactionStatus, string>>;
  /** The name of the explorer link. */
  explorer: string;
  /** Read after it (screen readers only): it opens a new tab. */
  newTab: string;
}

export interface TransactionRowProps {
  direction: TransactionDirection;
  /** e.g. "Sent USDC" (untrusted; capped). */
  title: string;
  /** e.g. "to 0x71C7…976F" (untrusted; capped). */
  counterparty?: string;
  /** Formatted by the caller, sign included: "-25.00 USDC". */
  amount: string;
  /** Formatted by the caller: "$25.00", or the other leg of a swap. */
  secondaryAmount?: string;
  status: TransactionStatus;
  /** Formatted by the caller: "2 min ago", "Mar 3". */
  time?: string;
  /** Block explorer page for this transaction: `https:` only, anything else is not rendered. */
  explorerUrl?: string | null;
  labels: TransactionRowLabels;
  className?: string;
}

const glyphPaths: Record<TransactionDirection, string> = {
  in: 'M14 6L6 14M6 8v6h6',
  out: 'M6 14l8-8M8 6h6v6',
  self: 'M15.5 8.5A6 6 0 0 0 5 6.5M4.5 11.5A6 6 0 0 0 15 13.5M5 3.5v3h3M15 16.5v-3h-3',
  trade: 'M4 7h11l-3-3M16 13H5l3 3',
};

function DirectionGlyph({ direction }: { direction: TransactionDirection }) {
  return (
    <svg
      className={glyph}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={glyphPaths[direction]} />
    </svg>
  );
}

/** One transaction in the activity list. Amounts, counterparty and time arrive formatted by the caller. */
export function TransactionRow({
  direction,
  title,
  counterparty,
  amount: amountText,
  secondaryAmount: secondaryText,
  status,
  time,
  explorerUrl,
  labels,
  className,
}: TransactionRowProps) {
  const heading = capText(title, MAX_TEXT.name);
  const party = counterparty ? capText(counterparty, MAX_TEXT.description) : '';
  const when = time ? capText(time, MAX_TEXT.badge) : '';
  const primaryAmount = capText(amountText, MAX_TEXT.amount);
  const secondary = secondaryText ? capText(secondaryText, MAX_TEXT.amount) : '';
  const href = safeLinkUrl(explorerUrl, useUrlPolicy());
  const label = capText(labels.explorer, MAX_TEXT.name);
  return (
    <div
      className={[row, className].filter(Boolean).join(' ')}
      data-kw-transaction-row={direction}
      data-kw-status={status}
    >
      <span className={iconWrap} role="img" aria-label={labels.direction[direction]}>
        <DirectionGlyph direction={direction} />
      </span>
      <span className={main}>
        <span className={titleClass} title={heading}>
          {heading}
        </span>
        <span className={meta}>
          <span className={`${statusClass} ${statusTones[status]}`}>{labels.status[status]}</span>
          {party ? (
            <>
              <span className={dot} aria-hidden="true">
                ·
              </span>
              <span className={counterpartyClass} title={party}>
                {/* Isolated, direction from its own text: "to 0x70…79C8" reads left to right, "إلى 0x70…79C8"
                    right to left with the address itself a left-to-right isolate (the catalogue's). */}
                <bdi>{party}</bdi>
              </span>
            </>
          ) : null}
          {when ? (
            <>
              <span className={dot} aria-hidden="true">
                ·
              </span>
              <span className={dot}>{when}</span>
            </>
          ) : null}
        </span>
      </span>
      <span className={end}>
        <span
          className={[amount, direction === 'in' && status !== 'failed' && amountIn]
            .filter(Boolean)
            .join(' ')}
        >
          {/* Amounts and addresses read left to right in right-to-left text too. */}
          <span dir="ltr">{primaryAmount}</span>
        </span>
        {secondary ? (
          <span className={secondaryAmount}>
            <span dir="ltr">{secondary}</span>
          </span>
        ) : null}
        {href ? (
          <a className={explorer} href={href} target="_blank" rel="noopener noreferrer">
            {label}
            <VisuallyHidden> {labels.newTab}</VisuallyHidden>
          </a>
        ) : null}
      </span>
    </div>
  );
}
