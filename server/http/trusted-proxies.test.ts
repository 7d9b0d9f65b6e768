import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, trustedProxies } from './trusted-proxies.ts';

describe('TRUSTED_PROXIES', () => {
  it('takes addresses and CIDR blocks of both families, and names the entry it cannot read', () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies(' 10.0.0.0/8 , 192.168.1.10,fd00::/8, ::1 ')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      '::1',
    ]);
    for (const bad of [
      '10.0.0.0/33',
      'proxy.internal',
      '10.0.0/8',
      '::1/129',
      '10.0.0.1/8/2',
      '10.0.0.0/x',
    ]) {
      expect(() => parseTrustedProxies(`127.0.0.1, ${bad}`)).toThrow(`TRUSTED_PROXIES: "${bad}" is not`);
    }
  });

  it('believes X-Forwarded-For only from a trusted peer, walking it from the right past trusted hops', () => {
    const proxies = trustedProxies(parseTrustedProxies('10.0.0.0/8, fd00::/8'));
    // no trusted proxy: the peer, whatever the header says
    expect(proxies.client('203.0.113.5', '1.1.1.1')).toBe('203.0.113.5');
    // one proxy
    expect(proxies.client('10.1.2.3', '203.0.113.5')).toBe('203.0.113.5');
    // two proxies in a row, and a client that wrote its own entries first
    expect(proxies.client('10.1.2.3', '9.9.9.9, 203.0.113.5, 10.4.4.4')).toBe('203.0.113.5');
    // an IPv4 peer on a dual-stack socket, and IPv6 hops
    expect(proxies.client('::ffff:10.1.2.3', '2001:db8::7')).toBe('2001:db8::7');
    expect(proxies.client('fd00::1', '::ffff:203.0.113.5')).toBe('203.0.113.5');
    // every hop trusted: the farthest one; no header: the proxy itself
    expect(proxies.client('10.1.2.3', '10.9.9.9, 10.8.8.8')).toBe('10.9.9.9');
    expect(proxies.client('10.1.2.3', undefined)).toBe('10.1.2.3');
    // a hop that is no address: the proxy that passed it on is as far as can be told
    expect(proxies.client('10.1.2.3', '203.0.113.5, unknown, 10.4.4.4')).toBe('10.4.4.4');
    expect(proxies.client('10.1.2.3', '')).toBe('10.1.2.3');
  });

  it('with no entries never reads the header', () => {
    const none = trustedProxies([]);
    expect(none.trusts('127.0.0.1')).toBe(false);
    expect(none.client('127.0.0.1', '203.0.113.5')).toBe('127.0.0.1');
  });
});
