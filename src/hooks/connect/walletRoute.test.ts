import { describe, expect, it } from 'vitest';
import { CONNECTOR_IDS } from '../../core/constants';
import { walletRoute } from './useWalletPicker';
import type { WalletEntry } from './wallets';

const wallet = (over: Partial<WalletEntry>): WalletEntry => ({
  id: 'w',
  name: 'Wallet',
  source: 'explorer',
  links: {},
  ...over,
});

describe('walletRoute', () => {
  it('pairs a wallet that has no connector in the page (an explorer wallet)', () => {
    expect(walletRoute(wallet({ links: { mobile: 'https://link.example/wc' } }))).toBe('pairing');
  });

  it('pairs through the WalletConnect connector', () => {
    expect(walletRoute(wallet({ connectorId: CONNECTOR_IDS.walletConnect, source: 'connector' }))).toBe(
      'pairing',
    );
  });

  it('connects an announced, injected or host connector in the page', () => {
    expect(walletRoute(wallet({ connectorId: 'dev.keyway.wallet', source: 'announced' }))).toBe('browser');
    expect(walletRoute(wallet({ connectorId: CONNECTOR_IDS.injected, source: 'injected' }))).toBe('browser');
    expect(walletRoute(wallet({ connectorId: CONNECTOR_IDS.coinbaseWallet, source: 'connector' }))).toBe(
      'browser',
    );
  });
});
