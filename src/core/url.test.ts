import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isHttpsOrLocalUrl,
  isSafeHttpsLink,
  isSafeImageUrl,
  isSafeWalletLink,
  MAX_IMAGE_URL_LENGTH,
  safeImageUrl,
  safeLinkUrl,
} from './url';

describe('safeImageUrl', () => {
  it.each([
    'https://example.com/icon.png',
    'https://cdn.example.com:8443/a/b.svg?x=1#f',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
    'DATA:IMAGE/PNG;base64,AAAA',
    'blob:https://app.example.com/4b1c6f3e-0d1f-4f7e-9d1d-1a2b3c4d5e6f',
  ])('accepts %s', (url) => {
    expect(safeImageUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'https://example.com/a b.png',
    'http://example.com/icon.png',
    'http://127.0.0.1:8545/icon.png',
    'http://localhost/icon.png',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png',
    'data:,hello',
    'blob:null/123',
    'vbscript:msgbox',
    'file:///etc/passwd',
    '//example.com/icon.png',
    '/icon.png',
    'icon.png',
    'ftp://example.com/x.png',
    '',
  ])('rejects %j', (url) => {
    expect(safeImageUrl(url)).toBeNull();
  });

  it('rejects non-strings', () => {
    for (const v of [null, undefined, 1, {}, ['https://example.com/a.png']])
      expect(safeImageUrl(v)).toBeNull();
  });

  it('rejects oversized URLs', () => {
    const big = `data:image/png;base64,${'A'.repeat(MAX_IMAGE_URL_LENGTH)}`;
    expect(safeImageUrl(big)).toBeNull();
  });

  it('accepts http:// on a loopback host only with allowLocalhost', () => {
    const opts = { allowLocalhost: true };
    expect(safeImageUrl('http://[::1]:8787/a.png', opts)).toBe('http://[::1]:8787/a.png');
    expect(safeImageUrl('http://127.0.0.1:8787/images/wallet.png', opts)).toBe(
      'http://127.0.0.1:8787/images/wallet.png',
    );
    expect(safeImageUrl('http://localhost:5173/a.png', opts)).toBe('http://localhost:5173/a.png');
    expect(safeImageUrl('http://127.0.0.2/a.png', opts)).toBeNull();
    expect(safeImageUrl('http://localhost.evil.com/a.png', opts)).toBeNull();
    expect(safeImageUrl('http://127.0.0.1.evil.com/a.png', opts)).toBeNull();
    expect(safeImageUrl('http://user:pw@localhost/a.png', opts)).toBeNull();
    expect(safeImageUrl('javascript:alert(1)', opts)).toBeNull();
  });

  it('never accepts a URL whose scheme is not in the allow-list (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = safeImageUrl(s, { allowLocalhost: true });
        if (out === null) return true;
        const lower = out.toLowerCase();
        return (
          lower.startsWith('https:') ||
          lower.startsWith('data:image/') ||
          lower.startsWith('blob:') ||
          lower.startsWith('http://127.0.0.1') ||
          lower.startsWith('http://localhost') ||
          lower.startsWith('http://[::1]')
        );
      }),
    );
  });
});

describe('safeLinkUrl', () => {
  it('accepts https links', () => {
    expect(safeLinkUrl('https://etherscan.io/tx/0xabc')).toBe('https://etherscan.io/tx/0xabc');
  });
  it.each([
    'http://etherscan.io/tx/0xabc',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://user:pw@etherscan.io/',
    '/tx/0xabc',
    'https://etherscan.io/tx/0x abc',
    `https://example.com/${'a'.repeat(3000)}`,
    42,
  ])('rejects %j', (url) => {
    expect(safeLinkUrl(url)).toBeNull();
  });

  it('accepts http:// on a loopback host only with allowLocalhost', () => {
    expect(safeLinkUrl('http://127.0.0.1:5173/tx/1')).toBeNull();
    expect(safeLinkUrl('http://127.0.0.1:5173/tx/1', { allowLocalhost: true })).toBe(
      'http://127.0.0.1:5173/tx/1',
    );
    expect(safeLinkUrl('http://192.168.1.2/tx/1', { allowLocalhost: true })).toBeNull();
  });
});

describe('boundaries without an instance', () => {
  it('keep loopback URLs for the place that shows them (and refuse the rest as the components do)', () => {
    expect(isSafeImageUrl('http://127.0.0.1:8787/images/wallet.png')).toBe(true);
    expect(isSafeImageUrl('https://example.com/a.png')).toBe(true);
    expect(isSafeImageUrl('data:image/png;base64,AAAA')).toBe(true);
    expect(isSafeImageUrl('http://example.com/a.png')).toBe(false);
    expect(isSafeImageUrl('data:image/svg+xml,<svg onload=alert(1) >')).toBe(false);
    expect(isSafeHttpsLink('http://localhost:3000/')).toBe(true);
    expect(isSafeHttpsLink('https://user:pw@example.com/')).toBe(false);
    expect(isSafeHttpsLink('https://exa\u202Emple.com/')).toBe(false);
    expect(isHttpsOrLocalUrl('http://[::1]:8545')).toBe(true);
    expect(isHttpsOrLocalUrl('http://10.0.0.1:8545')).toBe(false);
  });

  it('agree with the components: what a component accepts, the boundary keeps (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl()), (s) => {
        if (safeImageUrl(s) !== null) expect(isSafeImageUrl(s)).toBe(true);
        if (safeLinkUrl(s) !== null) expect(isSafeHttpsLink(s)).toBe(true);
      }),
    );
  });
});

describe('isSafeWalletLink', () => {
  it.each([
    'metamask://',
    'metamask:',
    'trust://wc',
    'rainbow://',
    'cbwallet://',
    'zerion.wallet://',
    'https://metamask.app.link/',
    'http://127.0.0.1:5173/wallet',
  ])('accepts %j', (link) => {
    expect(isSafeWalletLink(link)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'blob:https://a.example/1',
    'intent://scan#Intent;end',
    'ms-msdt:/id',
    'search-ms:query=x',
    'tel:123',
    'mailto:a@b.c',
    'http://example.com/',
    'metamask://evil.com/path?x=1',
    'meta mask://',
    'metamask\u202E://',
    'x:',
    `metamask://${'a'.repeat(3000)}`,
    42,
  ])('refuses %j', (link) => {
    expect(isSafeWalletLink(link)).toBe(false);
  });
});
