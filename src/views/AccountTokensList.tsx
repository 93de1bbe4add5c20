import { Button } from '../components/Button/Button';
import { SkeletonRegion } from '../components/Skeleton/Skeleton';
import { formatUsd } from '../core/format';
import { useBalances } from '../hooks/balances/useBalances';
import { useLocale } from '../i18n/context';
import { useMessages } from '../i18n/useMessages';
import * as c from './AccountTokensList.css';
import { SkeletonListRows } from './lazyParts';
import * as s from './shared.css';
import { TokenBalanceList } from './TokenBalanceList';

/** The Account view's Tokens tab: the total in USD and each token with its quantity and value. */
export function AccountTokensList() {
  const m = useMessages();
  const T = m.tokens;
  const { locale } = useLocale();
  const { address, status, balances, totalUsd, loaded, refresh } = useBalances({ watch: true });
  if (!address) return <p className={s.muted}>{m.common.notConnected}</p>;

  if (!loaded) {
    if (status === 'error') {
      return (
        <div className={s.status} data-kw-tokens="error">
          <p>{T.failed}</p>
          <Button variant="secondary" onClick={() => void refresh()}>
            {m.common.retry}
          </Button>
        </div>
      );
    }
    return (
      <SkeletonRegion label={m.loading.tokens}>
        <SkeletonListRows rows={3} />
      </SkeletonRegion>
    );
  }

  return (
    <div className={s.stack} data-kw-account-tab="tokens" aria-busy={status === 'loading'}>
      <p className={c.total}>
        <span className={s.muted}>{T.total}</span>
        <span className={c.totalValue} data-kw-total-usd="">
          {formatUsd(totalUsd, { locale })}
        </span>
      </p>
      {status === 'error' ? (
        <p className={s.errorText} role="status">
          {T.stale}{' '}
          <Button variant="ghost" size="sm" onClick={() => void refresh()}>
            {m.common.retry}
          </Button>
        </p>
      ) : null}
      {balances.length === 0 ? (
        <div className={s.status} data-kw-tokens="empty">
          <p>{T.empty}</p>
          <p className={s.muted}>{T.emptyHint}</p>
        </div>
      ) : (
        <TokenBalanceList balances={balances} label={T.list} />
      )}
    </div>
  );
}
