import { useState } from 'react';
import { Button } from '../components/Button/Button';
import { useAccount } from '../hooks/account/useAccount';
import { useNetworks } from '../hooks/networks/useNetworks';
import { errorText } from '../hooks/utils';
import { useMessages } from '../i18n/useMessages';
import { NetworkList } from './NetworkList';
import * as s from './shared.css';

/** The wallet is on a chain the app does not list: switch to a supported network, or disconnect. */
export function UnsupportedChainView() {
  const m = useMessages();
  const T = m.unsupported;
  const { networks, switching, switchNetwork, imageUrls } = useNetworks();
  const { disconnect, disconnecting } = useAccount();
  const [failure, setFailure] = useState<string | null>(null);
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
          switchNetwork(n.id).catch((e: unknown) => setFailure(errorText(e, 'Failed to switch network')));
        }}
      />
      {failure ? (
        <p className={s.errorText} role="alert">
          {failure}
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
