/**
 * The playground's phone wallet page (`/phone.html`): a face for playground/phone/wallet.ts, so that a person
 * can pair the playground with a "phone" in a second tab. Paste the link the kit's QR view copies (or open
 * this page with `?uri=wc:…`, as a wallet's universal link would), approve the connection, then approve or
 * reject each request. `?account=N` picks another test account. Sessions survive a reload of this page.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { solanaLocal } from '../../src/core/networks';
import { readPlaygroundConfig } from '../src/config';
import { PhoneApp } from './PhoneApp';
import { localStorageStore } from './storage';
import { createPhoneWallet } from './wallet';
import './phone.css';

const config = readPlaygroundConfig();
const params = new URLSearchParams(window.location.search);
const account = /^\d{1,2}$/.test(params.get('account') ?? '') ? Number(params.get('account')) : 0;
const root = createRoot(document.getElementById('app')!);

createPhoneWallet({
  relayUrl: config.relayUrl,
  projectId: 'keyway-playground',
  chains: [
    { chainId: 31337, rpcUrl: config.evmRpc31337 },
    { chainId: 31338, rpcUrl: config.evmRpc31338 },
  ],
  solana: [{ chainId: solanaLocal.id, rpcUrl: config.solanaRpcUrl }],
  account,
  storage: localStorageStore(`keyway-phone-${account}:`),
  storagePrefix: `keyway-phone-${account}`,
}).then(
  (wallet) => {
    root.render(
      <StrictMode>
        <PhoneApp wallet={wallet} initialUri={params.get('uri')} solana />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    root.render(<p className="error">The phone wallet could not start: {String(error)}</p>);
  },
);
