/**
 * `keyway/ssr`: what a server needs to render a remembered connection (docs/nextjs.md). No React and no
 * browser global: import it from a Server Component.
 */
export {
  cookieToInitialState,
  KEYWAY_CONNECTION_COOKIE,
  type KeywayInitialConnection,
  type KeywayInitialState,
} from './cookie';
