import { type NextRequest, NextResponse } from 'next/server';
import { exampleConfig } from './app/config';

/**
 * A strict Content-Security-Policy with a fresh nonce per request (Next.js puts it on its own scripts). The kit
 * itself needs no 'unsafe-inline' and no 'unsafe-eval': only its services' origins.
 */
export function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const config = exampleConfig();
  const origin = (url: string) => new URL(url).origin;
  const services = [...new Set([config.apiUrl, config.explorerUrl, config.rpcUrl].map(origin))].join(' ');
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: blob: ${services}`,
    `connect-src 'self' ${services} ${config.relayUrl}`,
    `frame-src ${origin(config.frameUrl)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = {
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico).*)' }],
};
