import { NetworkBadge } from '../components/NetworkBadge/NetworkBadge';
import { useModal } from '../hooks/modal/useModal';
import { useNetworks } from '../hooks/networks/useNetworks';
import { useAllowLocalhost } from './useViewEnv';

/** The active network (or an unsupported-network warning); opens the network list. */
export function NetworkButton() {
  const { activeNetwork, isUnsupported } = useNetworks();
  const { open } = useModal();
  const allowLocalhost = useAllowLocalhost();
  return (
    <NetworkBadge
      name={activeNetwork.name}
      imageUrl={activeNetwork.imageUrl ?? null}
      unsupported={isUnsupported}
      allowLocalhost={allowLocalhost}
      onClick={() => open(isUnsupported ? 'UnsupportedChain' : 'Networks')}
    />
  );
}
