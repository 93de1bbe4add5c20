// The styled page: the kit's buttons and modal in a small host dapp, with a theme switcher, the dev
// wallet's controls and a "Sign message" action.
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import './playground.css';
import { KeywayProvider } from 'keyway';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { readPlaygroundConfig } from './config';
import { createPlaygroundKit } from './kit';

const kit = createPlaygroundKit(readPlaygroundConfig());
const root = document.getElementById('app');
if (!root) throw new Error('#app is missing');
createRoot(root).render(
  <KeywayProvider keyway={kit.keyway}>
    <App kit={kit} />
  </KeywayProvider>,
);
