import { describe, expect, it } from 'vitest';
import { buildDeepLink, explorerWalletToEntry, orderByIds, pushRecent, type WalletEntry } from './wallets';

const uri = 'wc:abc@2?relay-protocol=irn&symKey=00';
const enc = encodeURIComponent(uri);

describe('deep links', () => {
  it('builds from an https universal link', () => {
    expect(buildDeepLink('https://link.wallet.example', uri)).toBe(
      `https://link.wallet.example/wc?uri=${enc}`,
    );
    expect(buildDeepLink('https://link.wallet.example/app/', uri)).toBe(
      `https://link.wallet.example/app/wc?uri=${enc}`,
    );
  });

  it("builds from the wallet's own scheme, with or without slashes", () => {
    expect(buildDeepLink('metamask://', uri)).toBe(`metamask://wc?uri=${enc}`);
    expect(buildDeepLink('trust:', uri)).toBe(`trust://wc?uri=${enc}`);
  });

  it('builds from a scheme with a host word, as some wallets register (okx://main)', () => {
    expect(buildDeepLink('okx://main', uri)).toBe(`okx://main/wc?uri=${enc}`);
    expect(buildDeepLink('foo-wallet://', uri)).toBe(`foo-wallet://wc?uri=${enc}`);
  });

  it('refuses system handlers, installers and launchers that have a wallet-like shape', () => {
    for (const bad of [
      'intent://scan/#Intent;scheme=zxing;end',
      'intent:',
      'itms-services://?action=download-manifest&url=https://evil.example/app.plist',
      'ms-msdt:/id PCWDiagnostic',
      'ms-settings:',
      'search-ms:query=invoice&crumb=location:\\\\evil.example\\share',
      'tel:+15555550100',
      'sms:+15555550100',
      'mailto:someone@example.com',
      'smb://evil.example/share',
      'steam://run/1',
      'market://details?id=evil',
      // A wallet-like scheme that carries its own path or query addresses something else.
      'metamask://dapp/evil.example',
      'metamask://?x=1',
      'wallet:../../etc',
      'a:',
      '-wallet://',
      'wal_let://',
    ]) {
      expect(buildDeepLink(bad, uri), bad).toBeNull();
    }
  });

  it('refuses every other scheme and plain http outside localhost', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      'http://evil.example',
      '',
      undefined,
    ]) {
      expect(buildDeepLink(bad, uri)).toBeNull();
    }
  });
});

describe('explorer wallets as entries', () => {
  it('keeps only safe images and links and caps the name', () => {
    const e = explorerWalletToEntry(
      {
        id: 'w',
        name: `Evil\u202Ewallet${'x'.repeat(100)}`,
        image_url: 'javascript:alert(1)',
        image_id: 'img1',
        mobile_link: 'javascript:alert(1)',
        desktop_link: 'https://desk.example',
        homepage: 'http://plain.example',
      },
      (id) => `https://explorer.example/getWalletImage/${id}`,
    );
    expect(e.name).not.toContain('\u202E');
    expect(Array.from(e.name)).toHaveLength(64);
    expect(e.imageUrl).toBe('https://explorer.example/getWalletImage/img1');
    expect(e.links).toEqual({ desktop: 'https://desk.example' });
  });
});

describe('recent and ordering helpers', () => {
  const w = (id: string, rdns?: string): WalletEntry => ({
    id,
    name: id,
    source: 'explorer',
    links: {},
    ...(rdns ? { rdns } : {}),
  });

  it('pushRecent puts the wallet first, removes its duplicate by id or rdns, and keeps two', () => {
    expect(pushRecent([w('a'), w('b')], w('c')).map((x) => x.id)).toEqual(['c', 'a']);
    expect(pushRecent([w('a', 'io.a'), w('b')], w('eip6963:io.a', 'io.a')).map((x) => x.id)).toEqual([
      'eip6963:io.a',
      'b',
    ]);
  });

  it('orderByIds follows the id list and skips unknown ids', () => {
    expect(orderByIds([w('a'), w('b'), w('c')], ['c', 'x', 'a']).map((x) => x.id)).toEqual(['c', 'a']);
  });
});
