/**
 * The social-login callback page (on the frame's origin). The local provider redirected the popup here
 * with `code`, `state` and `provider`; this page hands the URL to the window that opened the popup (the
 * host app), posting only to the allowed origins. The app passes it back to the frame (connect social),
 * which checks the state it generated before exchanging the one-use code.
 */
import './style.css';
import { readConfig, SOCIAL_RESULT_TYPE } from './config.ts';

const CLOSE_AFTER_MS = 1500;

function show(text: string): void {
  const p = document.createElement('p');
  p.textContent = text;
  document.getElementById('app')?.replaceChildren(p);
}

const config = readConfig();
const opener = window.opener as Window | null;
if (!config || !opener) {
  show('Login complete. You can close this window.');
} else {
  // postMessage drops the message for every origin but the opener's, so only an allowed opener gets it.
  for (const origin of config.allowedOrigins) {
    opener.postMessage({ type: SOCIAL_RESULT_TYPE, resultUri: location.href }, origin);
  }
  show('Login complete. This window closes itself.');
  setTimeout(() => window.close(), CLOSE_AFTER_MS);
}
