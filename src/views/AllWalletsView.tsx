import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../components/Button/Button';
import { SearchIcon } from '../components/Icon/Icon';
import { Input } from '../components/Input/Input';
import { Skeleton, SkeletonRegion } from '../components/Skeleton/Skeleton';
import { Spinner } from '../components/Spinner/Spinner';
import { VirtualList } from '../components/VirtualList/VirtualList';
import { WalletTile } from '../components/WalletTile/WalletTile';
import { CONNECTOR_IDS } from '../core/constants';
import { useAllWallets } from '../hooks/connect/useConnect';
import type { WalletListItem } from '../hooks/connect/wallets';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as a from './AllWalletsView.css';
import * as s from './shared.css';
import { useWalletPicker } from './useWalletPicker';

/** Tile height plus the row gap; rows are measured after render, this is the first guess. */
const ROW_ESTIMATE = 112;

/** Every wallet of the explorer: search, a virtualised grid (only visible rows exist), infinite scroll. */
export function AllWalletsView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.allWallets;
  const { wallets, hasMore, status, error, query, searching, fetchNextPage, search } = useAllWallets();
  const { pick, preload } = useWalletPicker();
  const [text, setText] = useState(query);
  // Rows of COLUMNS tiles: the virtual list's items. A row whose wallets are unchanged keeps its array, and
  // the tile renderer is stable, so a page arriving renders only the rows it adds, not every row in view.
  const previousRows = useRef<WalletListItem[][]>([]);
  const rows = useMemo(() => {
    const before = previousRows.current;
    const out: WalletListItem[][] = [];
    for (let i = 0; i < wallets.length; i += a.COLUMNS) {
      const row = wallets.slice(i, i + a.COLUMNS);
      const old = before[out.length];
      out.push(old && old.length === row.length && old.every((w, k) => w === row[k]) ? old : row);
    }
    previousRows.current = out;
    return out;
  }, [wallets]);
  const emailSocial = m.wallets.emailSocial;
  const badges = m.wallets;
  const renderRow = useCallback(
    (row: WalletListItem[]) =>
      row.map((w) => (
        <WalletTile
          key={w.id}
          name={w.id === CONNECTOR_IDS.auth ? emailSocial : w.name}
          iconUrl={w.imageUrl ?? null}
          badge={w.badge ? badges[w.badge] : undefined}
          badgeTone="success"
          onClick={() => pick(w)}
          onPointerEnter={() => preload(w)}
          onFocus={() => preload(w)}
        />
      )),
    [emailSocial, badges, pick, preload],
  );

  // The first page on arrival; the list asks for the next ones as its last rows come into view.
  useEffect(() => {
    if (!query && status === 'idle' && hasMore) void fetchNextPage();
  }, [query, status, hasMore, fetchNextPage]);

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
            {say(error)}
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
        <VirtualList
          items={rows}
          getKey={(_, i) => i}
          estimateSize={() => ROW_ESTIMATE}
          overscan={3}
          hasMore={hasMore && !query && status === 'success'}
          loading={status === 'loading'}
          onEndReached={() => void fetchNextPage()}
          endThreshold={1}
          className={a.scroller}
          itemClassName={a.row}
          footer={status === 'loading' ? <Spinner size="sm" label={T.loadingMore} /> : null}
          data-kw-wallet-grid=""
          renderItem={renderRow}
        />
      ) : null}
    </div>
  );
}
