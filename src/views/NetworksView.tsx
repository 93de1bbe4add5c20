import { useEffect, useRef, useState } from 'react';
import type { KitMessage } from '../core/messages';
import { useModal } from '../hooks/modal/useModal';
import { useNetworks } from '../hooks/networks/useNetworks';
import { errorMessage } from '../hooks/utils';
import { useMessageText } from '../i18n/useMessages';
import { NetworkList } from './NetworkList';
import * as s from './shared.css';

/**
 * The configured networks: the active one marked, a click switches (pending until the wallet answers).
 * Opened with `{ switchTo: '<caip2>' }` it asks for that network at once (a host needing a given chain).
 */
export function NetworksView() {
  const { networks, activeNetwork, isUnsupported, switching, error, switchNetwork, imageUrls } =
    useNetworks();
  const { params } = useModal();
  const say = useMessageText();
  const [failure, setFailure] = useState<KitMessage | null>(null);
  const asked = useRef(false);

  const go = (caip2: string) => {
    setFailure(null);
    switchNetwork(caip2).catch((e: unknown) => setFailure(errorMessage(e, 'switchNetworkFailed')));
  };
  const target = typeof params?.switchTo === 'string' ? params.switchTo : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks once per view mount
  useEffect(() => {
    if (target && !asked.current) {
      asked.current = true;
      go(target);
    }
  }, [target]);

  const message = failure ?? error;
  return (
    <div className={s.stack} data-kw-view="Networks">
      <NetworkList
        networks={networks}
        activeId={isUnsupported ? null : activeNetwork.id}
        switchingId={switching?.id ?? null}
        imageUrls={imageUrls}
        onSelect={(n) => go(n.id)}
      />
      {message ? (
        <p className={s.errorText} role="alert">
          {say(message)}
        </p>
      ) : null}
    </div>
  );
}
