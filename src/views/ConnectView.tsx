import { type ReactNode, useEffect } from 'react';
import { Button } from '../components/Button/Button';
import { MailIcon, WalletIcon } from '../components/Icon/Icon';
import { ListItem } from '../components/ListItem/ListItem';
import { Skeleton, SkeletonRegion } from '../components/Skeleton/Skeleton';
import { CONNECTOR_IDS, FEATURED_WALLETS_COUNT, RECOMMENDED_WALLETS_COUNT } from '../core/constants';
import { useAllWallets, useConnect } from '../hooks/connect/useConnect';
import { useConsent } from '../hooks/connect/useConsent';
import { useKeyway } from '../hooks/context';
import type { Keyway } from '../hooks/keyway';
import { useModal } from '../hooks/modal/useModal';
import { useMessages } from '../i18n/useMessages';
import * as c from './ConnectView.css';
import { lazyComponent } from './lazyParts';
import * as s from './shared.css';
import { useWalletPicker } from './useWalletPicker';

export interface ConnectViewProps {
  /** Entry points added by later capabilities (email and social login): shown above the wallets. */
  emailSlot?: ReactNode;
  socialSlot?: ReactNode;
}

/** Skeleton of the email field and its button, while the form's code loads. */
function EmailFormSkeleton() {
  const m = useMessages();
  return (
    <SkeletonRegion label={m.connect.loading}>
      <Skeleton shape="rect" size="md" />
    </SkeletonRegion>
  );
}

/** Skeleton of the social login row, while its code loads. */
const SocialRowSkeleton = () => <Skeleton shape="rect" size="sm" />;

/** Skeleton of the consent line, while the checkbox's code loads. */
const ConsentSkeleton = () => <Skeleton shape="text" width="3/4" />;

// The Connect view's optional parts, each in its own module: the email form and the social login row (with
// the embedded wallet's login code and its frame schemas) and the consent checkbox (with its Ark machine).
// A host without the embedded wallet or without terms and privacy links never downloads them.
const EmailLoginPart = lazyComponent(
  () => import('./EmailLoginForm').then((m) => m.EmailLoginForm),
  'EmailLoginForm',
  EmailFormSkeleton,
);
const SocialLoginPart = lazyComponent(
  () => import('./SocialLoginButtons').then((m) => m.SocialLoginButtons),
  'SocialLoginButtons',
  SocialRowSkeleton,
);
const ConsentPart = lazyComponent(
  () => import('./ConnectConsent').then((m) => m.ConnectConsent),
  'ConnectConsent',
  ConsentSkeleton,
);

/**
 * Loads the parts of the Connect view that `keyway`'s options show (the registry loads them with the view, so
 * the view never shows them popping in): the email form and social row with the embedded wallet, the consent
 * checkbox with a terms or privacy URL. A part that fails to load here loads again when rendered.
 */
export function preloadConnectParts(keyway: {
  embedded: Keyway['embedded'];
  options: Pick<Keyway['options'], 'termsConditionsUrl' | 'privacyPolicyUrl'>;
}): Promise<unknown> {
  const parts: Promise<unknown>[] = [];
  if (keyway.embedded) parts.push(EmailLoginPart.preload(), SocialLoginPart.preload());
  if (keyway.options.termsConditionsUrl || keyway.options.privacyPolicyUrl) parts.push(ConsentPart.preload());
  return Promise.all(parts.map((part) => part.catch(() => undefined)));
}

/** Runs `run` after the next frame has been painted (a task queued from that frame); returns the cancel. */
function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The Connect view: recent, installed, featured and recommended wallets, "All wallets", legal consent. */
export function ConnectView({ emailSlot: givenEmailSlot, socialSlot }: ConnectViewProps) {
  const m = useMessages();
  const T = m.connect;
  const { options, embedded } = useKeyway();
  // With the embedded wallet, the email field is offered unless the host gives its own slot.
  const emailSlot = givenEmailSlot ?? (embedded ? <EmailLoginPart /> : null);
  const { wallets, listStatus, showAllWallets, prefetch } = useConnect();
  const all = useAllWallets();
  const { push, shake } = useModal();
  const { pick, preload } = useWalletPicker();
  const consent = useConsent();

  // The lists are requested once the view has been painted: building the requests (clients, schemas) does
  // not delay the modal's first frame, and the skeleton rows hold the wallets' places meanwhile.
  useEffect(() => afterPaint(() => void prefetch()), [prefetch]);
  // The first page of all wallets gives the count of the "All wallets" entry.
  useEffect(() => {
    if (showAllWallets && all.status === 'idle') return afterPaint(() => void all.fetchNextPage());
  }, [showAllWallets, all.status, all.fetchNextPage]);

  // Until the featured and recommended wallets arrive (and before their load starts), skeleton rows of the
  // same height hold their place in the list, so the list does not move or grow when they come. A wallet that
  // is installed and recommended too is listed once: the list can then end a row shorter.
  const pendingRows =
    listStatus === 'idle' || listStatus === 'loading'
      ? Math.min(options.featuredWalletIds.length, FEATURED_WALLETS_COUNT) +
        (options.disableAppend ? 0 : RECOMMENDED_WALLETS_COUNT)
      : 0;

  // An attempt before the user agreed is refused: the checkbox says why and the modal shakes.
  const guard = (go: () => void) => () => {
    if (consent.proceed()) go();
    else shake();
  };

  return (
    <div className={s.stack} data-kw-view="Connect">
      {emailSlot || socialSlot ? (
        <div className={c.slot}>
          {emailSlot}
          {socialSlot ?? <SocialLoginPart />}
        </div>
      ) : null}
      <ul className={s.list} aria-label={T.wallets}>
        {wallets.map((w) => (
          <li key={w.id}>
            <ListItem
              name={w.id === CONNECTOR_IDS.auth ? m.wallets.emailSocial : w.name}
              iconUrl={w.imageUrl ?? null}
              // The embedded wallet's connector has no artwork of its own: the email glyph stands for it.
              icon={
                w.id === CONNECTOR_IDS.auth && !w.imageUrl ? (
                  <span className={c.allIcon}>
                    <MailIcon />
                  </span>
                ) : undefined
              }
              badge={w.badge ? m.wallets[w.badge] : undefined}
              badgeTone={w.badge === 'Installed' ? 'success' : 'accent'}
              onClick={guard(() => pick(w))}
              onIntent={() => preload(w)}
            />
          </li>
        ))}
        {pendingRows > 0 ? (
          <li>
            <SkeletonRegion label={T.loading}>
              <div className={s.list}>
                {Array.from({ length: pendingRows }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
                  <Skeleton key={i} shape="rect" size="md" />
                ))}
              </div>
            </SkeletonRegion>
          </li>
        ) : null}
        {showAllWallets ? (
          <li>
            <ListItem
              name={T.allWallets}
              icon={
                <span className={c.allIcon}>
                  <WalletIcon />
                </span>
              }
              badge={all.count > 0 ? String(all.count) : undefined}
              onClick={guard(() => push('AllWallets'))}
            />
          </li>
        ) : null}
      </ul>
      {listStatus === 'error' ? (
        <div className={s.status}>
          <p className={s.errorText}>{T.listError}</p>
          <Button variant="secondary" size="sm" onClick={() => void prefetch()}>
            {m.common.retry}
          </Button>
        </div>
      ) : null}
      {consent.required ? <ConsentPart consent={consent} /> : null}
    </div>
  );
}
