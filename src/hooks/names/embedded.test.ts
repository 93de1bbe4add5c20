// @vitest-environment jsdom

/**
 * The instance's own signer of a name registration: it asks the embedded wallet (the secure frame, here a
 * fake one that signs with a key) for `eth_signTypedData_v4` of the RegisterName typed data, never for
 * `personal_sign`, and the posted body carries a signature the API can verify against the message.
 */
import { type Hex, verifyTypedData } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile, RegisterNameBody } from '../../api/schemas';
import { keywayLocal } from '../../core/networks';
import { createMemoryStorage as createKvStorage } from '../../core/storage';
import { createLoginCache, createMemoryStorage } from '../../frame/login-cache';
import { type FakeFrame, installFakeFrame } from '../../frame/testing/fake-frame';
import { createKeyway, type Keyway } from '../../instance/createKeyway';
import { embeddedLoginStores } from '../social/embeddedStores';
import { getNameRegistrationStore } from './instance';
import { freeNamesApi } from './testing';
import { type RegistrationMessage, registrationTypedData } from './typedData';
import { nameCoinType } from './validation';

const FRAME = 'https://frame.keyway.test';
/** The embedded wallet's key (the fake frame signs with it, as the frame signs with the user's). */
const wallet = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const WAIT = { timeout: 10_000, interval: 10 };

let fake: FakeFrame;
const instances: Keyway[] = [];
const rpcMethods: string[] = [];

beforeEach(() => {
  fake = installFakeFrame({ document, frameOrigin: FRAME });
  fake.handlers.CONNECT_EMAIL = () => ({ action: 'VERIFY_OTP' });
  fake.handlers.CONNECT_OTP = () => undefined;
  fake.handlers.GET_USER = ({ chainId }) => ({
    email: 'ada@example.com',
    address: wallet.address,
    chainId: chainId as number,
  });
  fake.handlers.GET_CHAIN_ID = () => ({ chainId: keywayLocal.chainId as number });
  fake.handlers.IS_CONNECTED = () => ({ isConnected: true });
  fake.handlers.SIGN_OUT = () => undefined;
  fake.handlers.RPC_REQUEST = async (payload) => {
    rpcMethods.push(payload.method);
    if (payload.method !== 'eth_signTypedData_v4') return { result: null };
    // As the frame does: the typed data arrives as JSON text and is signed as parsed.
    const [, raw] = payload.params as [string, string];
    const { types, primaryType, domain, message } = JSON.parse(raw);
    const { EIP712Domain: _domain, ...rest } = types;
    return { result: await wallet.signTypedData({ types: rest, primaryType, domain, message }) };
  };
});

afterEach(() => {
  for (const k of instances.splice(0)) k.destroy();
  fake.uninstall();
  for (const el of document.querySelectorAll('iframe')) el.remove();
  rpcMethods.length = 0;
});

describe("the instance's registration signer", () => {
  it('asks the embedded wallet for eth_signTypedData_v4 of RegisterName; the posted signature verifies', async () => {
    const posted: RegisterNameBody[] = [];
    const keyway = createKeyway(
      {
        projectId: 'p1',
        networks: [keywayLocal],
        secureFrameUrl: `${FRAME}/`,
        storage: createKvStorage(),
      },
      {
        optionalConnectors: false,
        embeddedFrame: {
          document,
          acceptSyntheticEvents: true,
          storage: createLoginCache({ persistent: createMemoryStorage(), session: createMemoryStorage() }),
        },
        // The API is a stand-in; the signer is the instance's own (the embedded wallet in the frame).
        partDeps: {
          names: {
            debounceMs: 1,
            api: freeNamesApi(async (body): Promise<Profile> => {
              posted.push(body);
              const { name } = JSON.parse(body.message) as RegistrationMessage;
              return { name, registered: 1, updated: 1, addresses: {}, attributes: [] };
            }),
            afterRegistered: () => undefined,
          },
        },
      },
    );
    instances.push(keyway);
    const auth = await keyway.embedded!.getAuth();
    await auth.connectEmail({ email: 'ada@example.com' });
    await auth.connectOtp({ otp: '123456' });
    await keyway.embedded!.connect();
    embeddedLoginStores(keyway).accountType.getState().setEmbeddedConnected(true);

    const store = getNameRegistrationStore(keyway);
    await vi.waitFor(() => expect(store.getState().unavailableReason).toBeNull(), WAIT);
    store.getState().setName('framed');
    await vi.waitFor(() => expect(store.getState().availability).toBe('available'), WAIT);
    await expect(store.getState().register()).resolves.toEqual({ type: 'success', name: 'framed.kw.id' });

    expect(rpcMethods).toContain('eth_signTypedData_v4');
    expect(rpcMethods).not.toContain('personal_sign');
    const [body] = posted;
    const message = JSON.parse(body!.message) as RegistrationMessage;
    expect(message).toMatchObject({
      name: 'framed.kw.id',
      coinType: nameCoinType(keywayLocal.chainId as number),
      address: wallet.address,
      chainId: keywayLocal.chainId,
    });
    expect(body).toMatchObject({ coin_type: message.coinType, address: wallet.address });
    await expect(
      verifyTypedData({
        ...registrationTypedData(message),
        address: wallet.address,
        signature: body!.signature as Hex,
      }),
    ).resolves.toBe(true);
  });
});
