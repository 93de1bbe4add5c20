import { TransactionList } from './TransactionsView';

/** The Account view's Activity tab: the history in a shorter virtual list. */
export function AccountActivityList() {
  return (
    <div data-kw-account-tab="activity">
      <TransactionList compact />
    </div>
  );
}
