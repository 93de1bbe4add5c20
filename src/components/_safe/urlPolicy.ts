/**
 * The URL policy of the instance the components render for (core/url's `UrlPolicy`): whether `http:` images
 * and links on a loopback host may load. Resolved once per instance by the views (useViewEnv) and read here by
 * the components that put a URL into the page (Image, QrCode's logo, links of ListItem and TransactionRow),
 * so no component takes it as a prop. Without a provider nothing local loads.
 */
import { createContext, useContext } from 'react';
import type { UrlPolicy } from '../../core/url';

export const UrlPolicyContext = createContext<UrlPolicy>({ allowLocalhost: false });

/** The URL policy of the nearest provider (`{ allowLocalhost: false }` without one). */
export function useUrlPolicy(): UrlPolicy {
  return useContext(UrlPolicyContext);
}
