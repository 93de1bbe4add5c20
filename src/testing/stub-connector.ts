/**
 * A wagmi connector for tests and stories that connects nobody: no accounts, chain 31337, its `connect`
 * refuses. `getProvider` and `isAuthorized` (what wagmi's reconnect asks) are the caller's to give.
 */
import { createConnector } from 'wagmi';

export function stubConnector(opts: {
  id: string;
  name: string;
  type: string;
  getProvider: () => Promise<unknown>;
  isAuthorized: () => Promise<boolean>;
}) {
  return createConnector(() => ({
    id: opts.id,
    name: opts.name,
    type: opts.type,
    async connect() {
      throw new Error('This stub connector does not connect');
    },
    async disconnect() {},
    async getAccounts() {
      return [];
    },
    async getChainId() {
      return 31337;
    },
    getProvider: opts.getProvider,
    isAuthorized: opts.isAuthorized,
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
  }));
}
