import { NetworkBadge } from '../components/NetworkBadge/NetworkBadge';
import { useModal } from '../hooks/modal/useModal';
import { useNetworks } from '../hooks/networks/useNetworks';
import { useShellMessages } from '../i18n/useShellMessages';
import { ViewEnvProvider } from './useViewEnv';

/**
 * The active network, which opens the network list; on a network the app does not support, a warning named after
 * the view it opens (Switch network: a text of the initial bundle's catalogue, so no other one is added to it).
 */
export function NetworkButton() {
  const { activeNetwork, isUnsupported, imageUrls } = useNetworks();
  const { open } = useModal();
  const shell = useShellMessages();
  return (
    <ViewEnvProvider>
      <NetworkBadge
        name={activeNetwork.name}
        imageUrl={imageUrls[activeNetwork.id] ?? null}
        unsupported={isUnsupported}
        unsupportedLabel={shell.titles.UnsupportedChain}
        onClick={() => open(isUnsupported ? 'UnsupportedChain' : 'Networks')}
      />
    </ViewEnvProvider>
  );
}
