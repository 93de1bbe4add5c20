/**
 * The frame origin's own storage (IndexedDB). Nothing here is ever posted to the host page.
 *
 * - `wrap-key`: a non-extractable AES-GCM key generated with WebCrypto. Its bytes cannot be read by any
 *   script, only used to encrypt and decrypt in this origin.
 * - `key:<userId>`: the user's secp256k1 private key, encrypted with `wrap-key` (one key per user).
 * - `sol-key:<userId>`: the user's Solana key, an Ed25519 WebCrypto key pair stored as CryptoKey objects
 *   (one per user). The private key was generated non-extractable: it signs in this origin and its bytes
 *   cannot be read by any script. The Solana address is the base58 text of the 32 raw public key bytes.
 * - `session`: the auth backend's session token and the user it belongs to.
 * - `device-id`: a random id for this browser, used by the device-approval flow.
 * - `chain-id`, `account-type:<userId>`: the last chain and the preferred account type.
 * - `solana-chain`: the last Solana network (its reference), kept apart from the EVM chain.
 */
import { generatePrivateKey } from 'viem/accounts';
import { encodeBase58 } from '../../../src/chains/solana/address.ts';

const DB_NAME = 'keyway-frame';
const STORE = 'kv';

let dbPromise: Promise<IDBDatabase> | undefined;

function db(): Promise<IDBDatabase> {
  dbPromise ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return dbPromise;
}

async function tx<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const database = await db();
  return new Promise<T>((resolve, reject) => {
    const t = database.transaction(STORE, mode);
    const req = run(t.objectStore(STORE));
    t.oncomplete = () => resolve(req.result as T);
    // The failed request's own error (a ConstraintError from `add`): the transaction's is still null when
    // the request's error event reaches it.
    const failed = () => reject(req.error ?? t.error ?? new Error('IndexedDB transaction failed'));
    t.onerror = failed;
    t.onabort = failed;
  });
}

export const kvGet = <T>(key: string) => tx<T | undefined>('readonly', (s) => s.get(key));
export const kvSet = (key: string, value: unknown) => tx<unknown>('readwrite', (s) => s.put(value, key));
export const kvDelete = (key: string) => tx<unknown>('readwrite', (s) => s.delete(key));
/** Writes only if the key is absent (rejects with a ConstraintError otherwise). */
const kvAdd = (key: string, value: unknown) => tx<unknown>('readwrite', (s) => s.add(value, key));

/**
 * Stores `value` under `key` unless another tab of this frame stored one first, and returns what is stored.
 * Every key the frame creates once (the wrapping key, a user's keys, the device id) goes through here:
 * with `put`, two tabs creating at once would each keep the value they made while the last write won,
 * and a tab could sign with a key that is no longer the user's.
 */
async function addOrRead<T>(key: string, value: T): Promise<T> {
  await kvAdd(key, value).catch((error: unknown) => {
    if (!(error instanceof DOMException && error.name === 'ConstraintError')) throw error;
  });
  const stored = await kvGet<T>(key);
  if (stored === undefined) throw new Error(`The frame could not store ${key.split(':')[0]}`);
  return stored;
}

async function wrapKey(): Promise<CryptoKey> {
  const existing = await kvGet<CryptoKey>('wrap-key');
  if (existing) return existing;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  return addOrRead('wrap-key', key);
}

interface SealedKey {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** The user's private key: loaded and decrypted, or generated with viem and stored on first use. */
export async function loadOrCreateUserKey(userId: string): Promise<`0x${string}`> {
  const wrapping = await wrapKey();
  const sealed = await kvGet<SealedKey>(`key:${userId}`);
  if (sealed) {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, wrapping, sealed.data);
    return new TextDecoder().decode(plain) as `0x${string}`;
  }
  const privateKey = generatePrivateKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    wrapping,
    new TextEncoder().encode(privateKey),
  );
  // The stored key is read back: if another tab stored this user's key first, that one is the user's.
  const kept = await addOrRead<SealedKey>(`key:${userId}`, { iv, data });
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: kept.iv }, wrapping, kept.data);
  return new TextDecoder().decode(plain) as `0x${string}`;
}

export async function deviceId(): Promise<string> {
  const existing = await kvGet<string>('device-id');
  if (existing) return existing;
  return addOrRead('device-id', crypto.randomUUID());
}

/** The user's Solana signer: a non-extractable Ed25519 private key and its public key. */
export interface SolanaKey {
  privateKey: CryptoKey;
  /** The 32 raw public key bytes. */
  publicKey: Uint8Array<ArrayBuffer>;
  /** base58 of `publicKey`. */
  address: string;
}

interface StoredSolanaKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

function isStoredSolanaKey(value: unknown): value is StoredSolanaKey {
  const v = value as Partial<StoredSolanaKey> | null | undefined;
  return (
    v?.privateKey instanceof CryptoKey &&
    v.publicKey instanceof CryptoKey &&
    v.privateKey.algorithm.name === 'Ed25519' &&
    v.privateKey.type === 'private' &&
    v.publicKey.algorithm.name === 'Ed25519' &&
    v.publicKey.type === 'public'
  );
}

/** The user's Solana key: loaded, or generated with WebCrypto (private key non-extractable) and stored on first use. */
export async function loadOrCreateSolanaKey(userId: string): Promise<SolanaKey> {
  const name = `sol-key:${userId}`;
  let stored = await kvGet<unknown>(name);
  if (stored === undefined) {
    const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']);
    stored = await addOrRead<StoredSolanaKey>(name, {
      privateKey: pair.privateKey,
      publicKey: pair.publicKey,
    });
  }
  if (!isStoredSolanaKey(stored)) throw new Error('The stored Solana key is unreadable');
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', stored.publicKey));
  if (publicKey.length !== 32) throw new Error('The stored Solana key is unreadable');
  return { privateKey: stored.privateKey, publicKey, address: encodeBase58(publicKey) };
}
