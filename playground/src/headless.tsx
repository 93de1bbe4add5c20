// The headless page: its own minimal UI built from the kit's hooks only (nothing from keyway/views).
import './headless.css';
import { KeywayProvider } from 'keyway';
import { createRoot } from 'react-dom/client';
import { readPlaygroundConfig } from './config';
import { HeadlessApp } from './HeadlessApp';
import { createPlaygroundKit } from './kit';

const kit = createPlaygroundKit(readPlaygroundConfig());
const root = document.getElementById('app');
if (!root) throw new Error('#app is missing');
createRoot(root).render(
  <KeywayProvider keyway={kit.keyway}>
    <HeadlessApp />
  </KeywayProvider>,
);
