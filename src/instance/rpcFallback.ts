/**
 * Split from wagmi.ts for bundle weight only: viem's `fallback` transport over HTTP transports, loaded with the
 * first read of a network that has a fallback (wagmi.ts `lazyFallback`), so its code is not in a host's initial JS.
 */
import { fallback, type HttpTransportConfig, http, type Transport } from 'viem';

/** viem's `fallback` over HTTP transports on `urls`, tried in order. */
export function fallbackTransport(urls: readonly string[], options: HttpTransportConfig): Transport {
  return fallback(urls.map((url) => http(url, options)));
}
