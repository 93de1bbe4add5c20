import { describe, expect, it } from 'vitest';
import { configuredHosts, guardRequest, hostNameOf, isAllowedHost, loopbackOrigins } from './host-guard.ts';

describe('host guard', () => {
  it('accepts this machine under its loopback names, with or without a port', () => {
    for (const host of [
      'localhost:4200',
      '127.0.0.1:4100',
      '[::1]:4200',
      'app.localhost:4300',
      'LOCALHOST',
    ]) {
      expect(isAllowedHost(host, []), host).toBe(true);
    }
  });

  it('refuses another site pointed at this machine (DNS rebinding), a missing or malformed header', () => {
    for (const host of [
      'evil.example:4200',
      'evil.example',
      '127.0.0.1.evil.example:4200',
      'localhost.evil.example',
      'localhost@evil.example',
      '',
      undefined,
      'localhost:4200 evil',
    ]) {
      expect(isAllowedHost(host, []), String(host)).toBe(false);
    }
  });

  it('accepts the hosts the service was configured with, not a wildcard bind', () => {
    const hosts = configuredHosts({ publicUrl: 'https://wallet.example.org/base', hostname: '0.0.0.0' });
    expect(hosts).toEqual(['wallet.example.org']);
    expect(isAllowedHost('wallet.example.org', hosts)).toBe(true);
    expect(isAllowedHost('evil.example', hosts)).toBe(false);
    expect(configuredHosts({ hostname: '::1' })).toEqual(['[::1]']);
    expect(configuredHosts({ hostname: '::' })).toEqual([]);
  });

  it('reads the host name of a Host header', () => {
    expect(hostNameOf('Example.ORG:443')).toBe('example.org');
    expect(hostNameOf('[::1]:80')).toBe('[::1]');
    expect(hostNameOf('a b')).toBeNull();
  });

  it('lets through a caller without Origin, names an allowed origin for CORS, refuses any other origin', () => {
    const opts = { allowedOrigins: loopbackOrigins(4300) };
    expect(opts.allowedOrigins).toEqual(['http://127.0.0.1:4300', 'http://localhost:4300']);
    expect(guardRequest({ host: '127.0.0.1:8545' }, opts)).toEqual({ allowed: true, corsOrigin: undefined });
    expect(guardRequest({ host: '127.0.0.1:8545', origin: 'http://localhost:4300' }, opts)).toEqual({
      allowed: true,
      corsOrigin: 'http://localhost:4300',
    });
    for (const origin of [
      'http://evil.test',
      'null',
      '',
      'http://127.0.0.1:4301',
      'https://127.0.0.1:4300',
      'http://127.0.0.1:4300, http://evil.test',
    ]) {
      expect(guardRequest({ host: '127.0.0.1:8545', origin }, opts), origin).toMatchObject({
        allowed: false,
        status: 403,
      });
    }
    // The Host check comes first: an allowed origin does not make a foreign host name acceptable.
    expect(guardRequest({ host: 'evil.test:8545', origin: 'http://127.0.0.1:4300' }, opts)).toMatchObject({
      allowed: false,
      status: 421,
    });
  });
});
