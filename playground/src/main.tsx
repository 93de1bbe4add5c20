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
// `?locale=ar` shows the kit in another language (any BCP 47 tag; one the kit does not speak shows English).
const locale = new URLSearchParams(window.location.search).get('locale') ?? undefined;
const root = document.getElementById('app');
if (!root) throw new Error('#app is missing');
createRoot(root).render(
  <KeywayProvider keyway={kit.keyway} locale={locale}>
    <App kit={kit} />
  </KeywayProvider>,
);
