/**
 * Lazily loaded parts of the views: the Account view's tabs (Tokens, Activity), the history list and the
 * wallet features block. Each is a component that loads its code on first render, showing skeleton rows
 * meanwhile (never an empty state), and that can be preloaded: once its code is there it renders at once,
 * without suspending. The Account view preloads its default tab (Tokens) together with its own code, so the
 * tab shows its content straight away; Activity loads on first select.
 */
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Skeleton, SkeletonRegion } from '../components/Skeleton/Skeleton';
import { useMessages } from '../i18n/useMessages';
import type { TransactionListProps } from './TransactionsView';
import * as t from './TransactionsView.css';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Loads the code (once; a failed load is tried again on the next call or render). */
  preload(): Promise<ComponentType<P>>;
};

/**
 * A component whose code comes from `load` on first render (or `preload()`): until then `fallback` shows.
 * An instance mounted after the code arrived renders it directly (no Suspense, no fallback frame).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  displayName: string,
  fallback: ComponentType,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Fallback = fallback;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part at module load, never in a render
  function Part(props: P) {
    // Decided once per mounted instance, so the subtree never switches between the two paths (no remount).
    const [ready] = useState(() => loaded);
    if (ready) {
      const Ready = ready;
      return <Ready {...props} />;
    }
    return (
      <Suspense fallback={<Fallback />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Part.displayName = displayName;
  return Object.assign(Part, { preload });
}

/** Placeholder rows of a token or activity list: a round icon and two lines each. */
export function SkeletonListRows({ rows }: { rows: number }) {
  return Array.from({ length: rows }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
    <div key={i} className={t.skeletonRow}>
      <Skeleton shape="circle" size="lg" />
      <span className={t.skeletonLines}>
        <Skeleton shape="text" width="1/2" />
        <Skeleton shape="text" width="1/3" />
      </span>
    </div>
  ));
}

/** Skeleton rows standing in for a part whose code is loading (`data-kw-lazy-fallback` names the part). */
function SkeletonRows({
  part,
  text,
  rows,
}: {
  part: string;
  /** The loading text, from the catalogue's `loading` section. */
  text: 'tokens' | 'activity' | 'features';
  rows: number;
}) {
  const m = useMessages();
  return (
    <div data-kw-lazy-fallback={part}>
      <SkeletonRegion label={m.loading[text]}>
        <SkeletonListRows rows={rows} />
      </SkeletonRegion>
    </div>
  );
}

const TokensSkeleton = () => <SkeletonRows part="AccountTokensList" text="tokens" rows={3} />;
const ActivitySkeleton = () => <SkeletonRows part="AccountActivityList" text="activity" rows={5} />;
const TransactionListSkeleton = () => <SkeletonRows part="TransactionList" text="activity" rows={5} />;
const FeaturesSkeleton = () => <SkeletonRows part="AccountWalletFeatures" text="features" rows={3} />;

/** The Account view's Tokens tab (lazy; the Account view preloads it). */
export const AccountTokensList = lazyComponent(
  () => import('./AccountTokensList').then((m) => m.AccountTokensList),
  'AccountTokensList',
  TokensSkeleton,
);

/** The Account view's Activity tab (lazy; loads when first selected). */
export const AccountActivityList = lazyComponent(
  () => import('./AccountActivityList').then((m) => m.AccountActivityList),
  'AccountActivityList',
  ActivitySkeleton,
);

/** The history as a virtual list (lazy). */
export const TransactionList = lazyComponent<TransactionListProps>(
  () => import('./TransactionsView').then((m) => m.TransactionList),
  'TransactionList',
  TransactionListSkeleton,
);

/** Buy/Swap/Receive/Send and the Tokens/Activity tabs (lazy). */
export const AccountWalletFeatures = lazyComponent(
  () => import('./AccountWalletFeatures').then((m) => m.AccountWalletFeatures),
  'AccountWalletFeatures',
  FeaturesSkeleton,
);
