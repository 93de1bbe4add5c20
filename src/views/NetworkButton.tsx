import { NetworkBadge } from '../components/NetworkBadge/NetworkBadge';
import { useModal } from '../hooks/modal/useModal';
import { useNetworks } from '../hooks/networks/useNetworks';
import { useShellMessages } from '../i18n/useShellMessages';
import { ViewEnvProvider } from './useViewEnv';

/** The active network (or an unsupported-network warning); opens the network list. */
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
        unsupportedLabel={shell.networkButton.unsupported}
        onClick={() => open(isUnsupported ? 'UnsupportedChain' : 'Networks')}
      />
    </ViewEnvProvider>
  );
}
