import { useState } from 'react';
import { Button } from '../components/Button/Button';
import type { KitMessage } from '../core/messages';
import { useAccount } from '../hooks/account/useAccount';
import { useNetworks } from '../hooks/networks/useNetworks';
import { errorMessage } from '../hooks/utils';
import { useMessages, useMessageText } from '../i18n/useMessages';
import { NetworkList } from './NetworkList';
import * as s from './shared.css';

/** The wallet is on a chain the app does not list: switch to a supported network, or disconnect. */
export function UnsupportedChainView() {
  const m = useMessages();
  const say = useMessageText();
  const T = m.unsupported;
  const { networks, switching, switchNetwork, imageUrls } = useNetworks();
  const { disconnect, disconnecting } = useAccount();
  const [failure, setFailure] = useState<KitMessage | null>(null);
  return (
    <div className={s.stack} data-kw-view="UnsupportedChain">
      <p className={s.muted}>{T.explanation}</p>
      <NetworkList
        networks={networks}
        activeId={null}
        switchingId={switching?.id ?? null}
        imageUrls={imageUrls}
        onSelect={(n) => {
          setFailure(null);
          switchNetwork(n.id).catch((e: unknown) => setFailure(errorMessage(e, 'switchNetworkFailed')));
        }}
      />
      {failure ? (
        <p className={s.errorText} role="alert">
          {say(failure)}
        </p>
      ) : null}
      <Button
        variant="secondary"
        fullWidth
        loading={disconnecting}
        onClick={() => void disconnect().catch(() => undefined)}
      >
        {T.disconnect}
      </Button>
    </div>
  );
}
