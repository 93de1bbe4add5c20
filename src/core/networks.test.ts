import { describe, expect, it } from 'vitest';
import {
  base,
  findNetwork,
  formatCaip10,
  hostRpcUrls,
  isEvm,
  isSolana,
  keywayLocal,
  keywayLocalL2,
  mainnet,
  networkSchema,
  PREDEFINED_NETWORKS,
  parseCaip2,
  parseCaip10,
  publicRpcUrl,
  solanaDevnet,
  solanaLocal,
  solanaMainnet,
  solanaTestnet,
  taiko,
  telos,
  toViemChain,
} from './networks';
import { explorerPageUrl } from './url';

describe('networks', () => {
  it('every predefined network passes its own schema', () => {
    for (const n of PREDEFINED_NETWORKS) expect(networkSchema.safeParse(n).success, n.id).toBe(true);
  });

  it('defines the two chains of spec §3 with 18 native decimals and a multicall contract', () => {
    for (const [n, id] of [
      [taiko, 167000],
      [telos, 40],
    ] as const) {
      expect(n.chainId).toBe(id);
      expect(n.id).toBe(`eip155:${id}`);
      expect(n.nativeCurrency.decimals).toBe(18);
      expect(n.multicall).toMatch(/^0x[0-9a-fA-F]{40}$/);
    }
  });

  it('has the local chains and the Solana CAIP-2 references', () => {
    expect(keywayLocal).toMatchObject({
      id: 'eip155:31337',
      name: 'Keyway Local',
      rpcUrls: ['http://127.0.0.1:8545'],
    });
    expect(keywayLocalL2).toMatchObject({
      id: 'eip155:31338',
      name: 'Keyway Local L2',
      rpcUrls: ['http://127.0.0.1:8546'],
    });
    expect(solanaMainnet.id).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    expect(solanaDevnet.id).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    expect(solanaTestnet.id).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z');
    expect(solanaLocal).toMatchObject({ id: solanaDevnet.id, rpcUrls: ['http://127.0.0.1:8899'] });
    expect(isSolana(solanaLocal)).toBe(true);
    expect(isEvm(mainnet)).toBe(true);
  });

  it('rejects inconsistent or unsafe definitions', () => {
    expect(networkSchema.safeParse({ ...mainnet, id: 'eip155:2' }).success).toBe(false);
    expect(networkSchema.safeParse({ ...mainnet, chainId: '1' }).success).toBe(false);
    expect(networkSchema.safeParse({ ...mainnet, rpcUrls: ['http://rpc.example.com'] }).success).toBe(false);
    expect(networkSchema.safeParse({ ...mainnet, imageUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(networkSchema.safeParse({ ...solanaMainnet, chainId: 1 }).success).toBe(false);
  });

  it("takes an EVM network without the host's own RPC URL (absent or empty), and none for Solana", () => {
    const { rpcUrls: _, ...withoutRpc } = mainnet;
    expect(networkSchema.parse(withoutRpc).rpcUrls).toEqual([]);
    expect(networkSchema.parse({ ...keywayLocal, rpcUrls: [] }).rpcUrls).toEqual([]);
    const solana = networkSchema.safeParse({ ...solanaLocal, rpcUrls: [] });
    expect(solana.success).toBe(false);
    expect(solana.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['rpcUrls'], 'expected at least one RPC URL for a Solana network'],
    ]);
  });

  it("tells the host's own RPC URLs from the kit's public default of a built-in network", () => {
    expect(publicRpcUrl('eip155:1')).toBe('https://cloudflare-eth.com');
    expect(publicRpcUrl(base.id)).toBe(base.rpcUrls[0]);
    // The local stack's networks have no public endpoint: their URLs are the stack's own nodes.
    expect(publicRpcUrl(keywayLocal.id)).toBeUndefined();
    expect(publicRpcUrl('toString')).toBeUndefined();
    for (const n of PREDEFINED_NETWORKS.filter((p) => p.chain === 'evm' && !p.testnet)) {
      expect(hostRpcUrls(n), n.id).toEqual([]);
    }
    expect(hostRpcUrls(keywayLocal)).toEqual(['http://127.0.0.1:8545']);
    expect(hostRpcUrls({ ...mainnet, rpcUrls: ['https://rpc.host.test'] })).toEqual([
      'https://rpc.host.test',
    ]);
    expect(hostRpcUrls({ ...mainnet, rpcUrls: [] })).toEqual([]);
  });

  it('parses and formats CAIP ids', () => {
    expect(parseCaip2('eip155:137')).toEqual({ namespace: 'eip155', reference: '137' });
    expect(() => parseCaip2('137')).toThrow('Not a CAIP-2 chain id');
    expect(formatCaip10(mainnet, '0xabc')).toBe('eip155:1:0xabc');
    expect(formatCaip10('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'So1')).toBe(
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So1',
    );
    expect(parseCaip10('eip155:137:0xdef')).toEqual({ chainId: 'eip155:137', address: '0xdef' });
    expect(() => parseCaip10('0xdef')).toThrow();
  });

  it('converts EVM networks to viem chains and refuses Solana', () => {
    const c = toViemChain(telos);
    expect(c.id).toBe(40);
    expect(c.nativeCurrency.decimals).toBe(18);
    expect(c.contracts?.multicall3?.address).toBe(telos.multicall);
    expect(c.rpcUrls.default.http).toEqual(['https://rpc.telos.net']);
    expect(toViemChain(keywayLocal).testnet).toBe(true);
    // Without rpcUrls: the kit's public default (what a wallet adding the chain is told), or none.
    expect(toViemChain({ ...telos, rpcUrls: [] }).rpcUrls.default.http).toEqual(['https://rpc.telos.net']);
    expect(toViemChain({ ...keywayLocal, rpcUrls: [] }).rpcUrls.default.http).toEqual([]);
    expect(() => toViemChain(solanaMainnet)).toThrow('is not an EVM network');
  });

  it('finds networks by CAIP-2 id or chain id', () => {
    expect(findNetwork(PREDEFINED_NETWORKS, 'eip155:10')?.name).toBe('OP Mainnet');
    expect(findNetwork(PREDEFINED_NETWORKS, 8453)?.name).toBe('Base');
    expect(findNetwork(PREDEFINED_NETWORKS, 999)).toBeUndefined();
  });
});

describe('explorer pages of the networks', () => {
  it('appends /tx/<hash> or /address/<address> and keeps the query naming the Solana cluster', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(explorerPageUrl(mainnet.blockExplorerUrl, 'tx', hash)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(explorerPageUrl('https://scan.example/explorer/', 'address', '0xabc')).toBe(
      'https://scan.example/explorer/address/0xabc',
    );
    const sig = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(explorerPageUrl(solanaMainnet.blockExplorerUrl, 'tx', sig)).toBe(
      `https://explorer.solana.com/tx/${sig}`,
    );
    expect(explorerPageUrl(solanaDevnet.blockExplorerUrl, 'tx', sig)).toBe(
      `https://explorer.solana.com/tx/${sig}?cluster=devnet`,
    );
    expect(explorerPageUrl(solanaTestnet.blockExplorerUrl, 'address', 'So1ana')).toBe(
      'https://explorer.solana.com/address/So1ana?cluster=testnet',
    );
    expect(explorerPageUrl(solanaLocal.blockExplorerUrl, 'tx', sig)).toBeNull();
    expect(explorerPageUrl('https://scan.example//?a=1#x', 'tx', 'h')).toBe(
      'https://scan.example/tx/h?a=1#x',
    );
  });
});
