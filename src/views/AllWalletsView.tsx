import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/Button/Button';
import { SearchIcon } from '../components/Icon/Icon';
import { Input } from '../components/Input/Input';
import { Skeleton, SkeletonRegion } from '../components/Skeleton/Skeleton';
import { Spinner } from '../components/Spinner/Spinner';
import { WalletTile } from '../components/WalletTile/WalletTile';
import { useAllWallets } from '../hooks/connect/useConnect';
import { useMessages } from '../i18n/useMessages';
import * as a from './AllWalletsView.css';
import * as s from './shared.css';
import { useWalletPicker } from './useWalletPicker';

/** Tile height plus the row gap; rows are measured after render, this is the first guess. */
const ROW_ESTIMATE = 112;

/** Every wallet of the explorer: search, a virtualised grid (only visible rows exist), infinite scroll. */
export function AllWalletsView() {
  const m = useMessages();
  const T = m.allWallets;
  const { wallets, hasMore, status, error, query, searching, fetchNextPage, search } = useAllWallets();
  const pick = useWalletPicker();
  const [text, setText] = useState(query);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = Math.ceil(wallets.length / a.COLUMNS);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 3,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (query || status === 'loading' || status === 'error' || !hasMore) return;
    // First page on arrival; then the next one whenever the last rows come into view.
    if (status === 'idle' || lastIndex >= rows - 2) void fetchNextPage();
  }, [query, status, hasMore, lastIndex, rows, fetchNextPage]);

  const failed = status === 'error';
  const empty = query !== '' && !searching && status === 'success' && wallets.length === 0;

  return (
    <div className={s.stack} data-kw-view="AllWallets">
      <Input
        label={T.search}
        hideLabel
        type="search"
        placeholder={T.search}
        leading={<SearchIcon size={18} />}
        trailing={searching ? <Spinner size="sm" label={T.searching} /> : undefined}
        value={text}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          search(e.target.value);
        }}
      />
      {wallets.length === 0 && (status === 'loading' || status === 'idle' || searching) ? (
        <SkeletonRegion label={T.loading}>
          <div className={a.grid}>
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
              <Skeleton key={i} shape="tile" className={a.tileSkeleton} />
            ))}
          </div>
        </SkeletonRegion>
      ) : null}
      {empty ? <p className={s.status}>{T.noResults({ query })}</p> : null}
      {failed ? (
        <div className={s.status}>
          <p className={s.errorText} role="alert">
            {error}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => (query ? search(query) : void fetchNextPage())}
          >
            {m.common.retry}
          </Button>
        </div>
      ) : null}
      {wallets.length > 0 ? (
        <div ref={scrollRef} className={a.scroller} data-kw-wallet-grid="">
          <div className={a.inner} style={{ height: `${virtualizer.getTotalSize()}px` }}>
            {items.map((row) => (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className={a.row}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                {wallets.slice(row.index * a.COLUMNS, (row.index + 1) * a.COLUMNS).map((w) => (
                  <WalletTile
                    key={w.id}
                    name={w.name}
                    iconUrl={w.imageUrl ?? null}
                    badge={w.badge}
                    badgeTone="success"
                    onClick={() => pick(w)}
                  />
                ))}
              </div>
            ))}
          </div>
          {status === 'loading' ? <Spinner size="sm" label={T.loadingMore} /> : null}
        </div>
      ) : null}
    </div>
  );
}
