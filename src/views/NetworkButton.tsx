import { NetworkBadge } from '../components/NetworkBadge/NetworkBadge';
import { useModal } from '../hooks/modal/useModal';
import { useNetworks } from '../hooks/networks/useNetworks';
import { ViewEnvProvider } from './useViewEnv';

/** The active network (or an unsupported-network warning); opens the network list. */
export function NetworkButton() {
  const { activeNetwork, isUnsupported, imageUrls } = useNetworks();
  const { open } = useModal();
  return (
    <ViewEnvProvider>
      <NetworkBadge
        name={activeNetwork.name}
        imageUrl={imageUrls[activeNetwork.id] ?? null}
        unsupported={isUnsupported}
        onClick={() => open(isUnsupported ? 'UnsupportedChain' : 'Networks')}
      />
    </ViewEnvProvider>
  );
}
