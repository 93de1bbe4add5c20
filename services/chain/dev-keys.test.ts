import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { devPrivateKey } from '../../playground/src/devAccounts.ts';
import { ANVIL_TEST_KEYS, DEV_PRIVATE_KEYS } from './types.ts';

const MNEMONIC = 'test test test test test test test test test test test junk';

describe('anvil test keys', () => {
  it('are the mnemonic keys 0-9 that anvil funds', () => {
    expect(ANVIL_TEST_KEYS).toHaveLength(10);
    ANVIL_TEST_KEYS.forEach((key, i) => {
      const derived = mnemonicToAccount(MNEMONIC, { addressIndex: i }).getHdKey().privateKey;
      expect(key, `key ${i}`).toBe(toHex(derived as Uint8Array));
    });
    expect(DEV_PRIVATE_KEYS).toEqual(ANVIL_TEST_KEYS.slice(0, 4));
  });

  it("the playground's ?devAccount=N picks key N, anything else key 0", () => {
    expect(devPrivateKey('?devAccount=7')).toBe(ANVIL_TEST_KEYS[7]);
    expect(devPrivateKey('?devAccount=0')).toBe(ANVIL_TEST_KEYS[0]);
    for (const search of ['', '?devAccount=10', '?devAccount=x', '?devAccount=0x59c6', '?devAccount=-1']) {
      expect(devPrivateKey(search), search).toBe(ANVIL_TEST_KEYS[0]);
    }
  });
});
