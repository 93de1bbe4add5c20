import { useEffect, useId, useRef } from 'react';
import { StatusRegion } from '../components/_lib/StatusRegion';
import { Button } from '../components/Button/Button';
import { button } from '../components/Button/buttonClass';
import { CheckIcon, CopyIcon } from '../components/Icon/Icon';
import { Image } from '../components/Image/Image';
import { QrCode } from '../components/QrCode/QrCode';
import { Text } from '../components/Text/Text';
import { usePairing } from '../hooks/connect/useConnect';
import { isUniversalLink } from '../hooks/connect/wallets';
import { useMessages, useMessageText } from '../i18n/useMessages';
import * as s from './shared.css';
import { useCopy } from './useCopy';
import { useIsMobile } from './useViewEnv';

/** Pairing by QR code (or a deep link on phones): countdown, expired → refreshed, declined with retry. */
export function ConnectingWalletConnectView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.pairing;
  const { status, wallet, uri, buffering, error, generation, remaining, retry, deepLink } = usePairing();
  const isMobile = useIsMobile();
  const { copied, copy } = useCopy();
  const hintId = `kw-pairing-hint-${useId()}`;
  const name = wallet?.name ?? 'WalletConnect';
  const failed = status === 'declined' || status === 'error';
  const mobileLink = isMobile ? deepLink('mobile') : null;
  const seconds = Math.ceil(remaining / 1000);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const openedFor = useRef<string | null>(null);
  // On a phone, picking a wallet opens its app as soon as the pairing link is ready, once per pairing (not
  // again for a refreshed link: the visitor may be in the wallet already). Only the wallet's own scheme opens
  // by itself: its page stays here, while an https universal link would leave this page (and the pairing)
  // when the app is not installed; that one waits for a tap on "Open …", as does any second try.
  useEffect(() => {
    if (!mobileLink || generation !== 1 || isUniversalLink(mobileLink)) return;
    if (openedFor.current === mobileLink) return;
    openedFor.current = mobileLink;
    linkRef.current?.click();
  }, [mobileLink, generation]);

  if (failed) {
    return (
      <div className={s.status} data-kw-view="ConnectingWalletConnect" data-status={status}>
        <span className={s.waitingPicture} data-state="failed">
          <Image src={wallet?.imageUrl} alt={name} size="xxl" />
        </span>
        <Text variant="title" as="h3">
          {status === 'declined' ? T.declined : T.failed}
        </Text>
        <p className={s.errorText} role="alert">
          {say(error)}
        </p>
        <Button onClick={() => void retry()}>{m.common.retry}</Button>
      </div>
    );
  }
  if (status === 'connected') {
    return (
      <div className={s.status} data-kw-view="ConnectingWalletConnect" data-status={status}>
        <StatusRegion>
          <Text variant="title" as="h3">
            {m.common.connected}
          </Text>
        </StatusRegion>
      </div>
    );
  }
  return (
    <div className={s.status} data-kw-view="ConnectingWalletConnect" data-status={status}>
      <Text variant="title" as="h3">
        {wallet ? T.scan({ name }) : T.scanAny}
      </Text>
      <QrCode
        value={uri ?? undefined}
        loading={!uri || buffering}
        label={T.qrLabel({ name })}
        describedBy={hintId}
        loadingLabel={generation > 1 ? T.expired : T.generating}
        showLoadingLabel
      />
      {uri && !buffering ? (
        <p className={s.muted} aria-live="polite">
          {generation > 1 ? `${T.refreshed}. ` : ''}
          {T.expiresIn({ time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` })}
        </p>
      ) : null}
      <div className={s.actions}>
        {mobileLink ? (
          <a ref={linkRef} href={mobileLink} className={button({})} data-kw-deep-link="">
            {T.open({ name })}
          </a>
        ) : null}
        <Button
          variant="secondary"
          disabled={!uri || buffering}
          leadingIcon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
          onClick={() => uri && void copy(uri)}
        >
          {copied ? m.common.copied : T.copy}
        </Button>
      </div>
      {/* The code's text alternative, next to Copy link: what to do without a camera. */}
      <p id={hintId} className={s.muted}>
        {T.copyHint}
      </p>
    </div>
  );
}
