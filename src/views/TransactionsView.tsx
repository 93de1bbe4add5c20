import { useCallback, useMemo } from 'react';
import { Button } from '../components/Button/Button';
import { Image } from '../components/Image/Image';
import { Skeleton, SkeletonRegion } from '../components/Skeleton/Skeleton';
import { TransactionRow } from '../components/TransactionRow/TransactionRow';
import { VirtualList } from '../components/VirtualList/VirtualList';
import {
  formatTransactionTime,
  type TransactionDay,
  type TransactionItem,
  type TransactionSection,
  transactionAmountText,
} from '../hooks/transactions/format';
import { useTransactions } from '../hooks/transactions/useTransactions';
import { useLocale } from '../i18n/context';
import { formatDayLabel } from '../i18n/intl';
import { useMessages, useMessageText } from '../i18n/useMessages';
import { transactionRowLabels } from './componentTexts';
import * as s from './shared.css';
import * as t from './TransactionsView.css';

/** Start loading the next page when the last rendered row is this close to the end. */
const PREFETCH_ROWS = 8;
const HEADER_HEIGHT = 36;
const ROW_HEIGHT = 72;

type Row =
  | { kind: 'header'; key: string; day: TransactionDay }
  | { kind: 'tx'; key: string; item: TransactionItem }
  | { kind: 'more'; key: string };

/** Rows of items already listed, so that a row on screen keeps its identity when the next page arrives. */
const txRows = new WeakMap<TransactionItem, Row>();

function flatten(sections: readonly TransactionSection[], loadingMore: boolean): Row[] {
  const rows: Row[] = [];
  for (const section of sections) {
    rows.push({ kind: 'header', key: `day:${section.key}`, day: section.day });
    for (const item of section.items) {
      let row = txRows.get(item);
      if (!row) {
        row = { kind: 'tx', key: `tx:${item.id}`, item };
        txRows.set(item, row);
      }
      rows.push(row);
    }
  }
  if (loadingMore) rows.push({ kind: 'more', key: 'more' });
  return rows;
}

function SkeletonRow() {
  return (
    <div className={t.skeletonRow}>
      <Skeleton shape="circle" size="lg" />
      <span className={t.skeletonLines}>
        <Skeleton shape="text" width="1/2" />
        <Skeleton shape="text" width="1/3" />
      </span>
      <Skeleton shape="text" width="1/4" />
    </div>
  );
}

/** Placeholder rows while the first page loads. */
export function TransactionsSkeleton({ rows = 5 }: { rows?: number }) {
  const m = useMessages();
  return (
    <SkeletonRegion label={m.loading.activity}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <SkeletonRow key={i} />
      ))}
    </SkeletonRegion>
  );
}

/** One history row: the token icon beside the transaction (direction, title, status, amount, link). */
export function ActivityRow({ item }: { item: TransactionItem }) {
  const m = useMessages();
  const { locale } = useLocale();
  const say = useMessageText();
  return (
    <div className={t.activityRow} data-kw-transaction={item.id}>
      <Image src={item.iconUrl || null} alt="" size="sm" shape="circle" className={t.tokenIcon} />
      <div className={t.rowBody}>
        <TransactionRow
          direction={item.direction}
          title={say(item.title)}
          counterparty={say(item.counterparty)}
          amount={item.amount ? transactionAmountText(item.amount, locale) : ''}
          {...(item.secondaryAmount
            ? { secondaryAmount: transactionAmountText(item.secondaryAmount, locale) }
            : {})}
          status={item.status}
          time={formatTransactionTime(item.timestamp, { locale })}
          explorerUrl={item.explorerUrl}
          labels={transactionRowLabels(m)}
        />
      </div>
    </div>
  );
}

export interface TransactionListProps {
  /** A shorter viewport (the Account view's Activity tab). */
  compact?: boolean;
}

/**
 * The history as a virtual list: day headers and rows, only the visible window in the DOM; the next page
 * loads as the end comes near. Loading, empty and error states included.
 */
export function TransactionList({ compact = false }: TransactionListProps) {
  const m = useMessages();
  const T = m.transactions;
  const { locale } = useLocale();
  const { address, status, sections, loadingMore, hasMore, empty, fetchNextPage, refresh } =
    useTransactions();
  const rows = useMemo(() => flatten(sections, loadingMore), [sections, loadingMore]);
  // One renderer while the locale and texts stay: rows already on screen are not rendered again per page.
  const renderRow = useCallback(
    (row: Row) =>
      row.kind === 'header' ? (
        <h3 className={t.dayHeader}>
          {formatDayLabel(row.key.slice('day:'.length), row.day, locale, T.unknownDate)}
        </h3>
      ) : row.kind === 'tx' ? (
        <ActivityRow item={row.item} />
      ) : (
        <SkeletonRegion label={T.loadingMore}>
          <SkeletonRow />
        </SkeletonRegion>
      ),
    [locale, T],
  );

  if (!address) return <p className={s.muted}>{m.common.notConnected}</p>;
  if (status === 'idle' || status === 'loading') return <TransactionsSkeleton />;
  if (status === 'error') {
    return (
      <div className={s.status} data-kw-transactions="error">
        <p>{T.failed}</p>
        <Button variant="secondary" onClick={() => void refresh()}>
          {m.common.retry}
        </Button>
      </div>
    );
  }
  if (empty) {
    return (
      <div className={s.status} data-kw-transactions="empty">
        <p>{T.empty}</p>
        <p className={s.muted}>{T.emptyHint}</p>
      </div>
    );
  }

  return (
    <VirtualList
      items={rows}
      getKey={(row) => row.key}
      estimateSize={(row) => (row.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT)}
      overscan={6}
      hasMore={status === 'ready' && hasMore}
      loading={loadingMore}
      onEndReached={() => void fetchNextPage()}
      endThreshold={PREFETCH_ROWS}
      className={compact ? `${t.viewport} ${t.compactViewport}` : t.viewport}
      aria-label={T.list}
      focusable
      data-kw-transactions="list"
      renderItem={renderRow}
    />
  );
}

/** The Transactions view: the account's full history on the active network. */
export function TransactionsView() {
  return (
    <div className={s.stack} data-kw-view="Transactions">
      <TransactionList />
    </div>
  );
}
