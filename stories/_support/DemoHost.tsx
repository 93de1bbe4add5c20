/** A tiny host page: the kit's buttons in a header and the modal. */
import { ConnectButton } from '../../src/views/ConnectButton';
import { KeywayModal } from '../../src/views/KeywayModal';
import { NetworkButton } from '../../src/views/NetworkButton';

export function DemoHost() {
  return (
    <main>
      <header style={{ display: 'flex', gap: 12, alignItems: 'center', padding: 16 }}>
        <h1 style={{ fontSize: 18, marginRight: 'auto' }}>Demo dapp</h1>
        <NetworkButton />
        <ConnectButton />
      </header>
      <KeywayModal />
    </main>
  );
}
