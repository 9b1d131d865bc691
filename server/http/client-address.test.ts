import { describe, expect, it } from 'vitest';
import { clientKey, fastifyTrustProxy, parseTrustProxy } from './client-address';

describe('clientKey', () => {
  it.each([
    ['IPv4', '203.0.113.9', '203.0.113.9'],
    ['another IPv4', '203.0.113.10', '203.0.113.10'],
    ['IPv4-mapped IPv6', '::ffff:203.0.113.9', '203.0.113.9'],
    ['IPv6', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['IPv6 in the same /64, written short', '2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['IPv6 in the next /64', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['IPv6 loopback', '::1', '::/64'],
    ['IPv6 with a zone', 'fe80::1%eth0', 'fe80::/64'],
    ['not an address', 'unknown', 'unknown'],
  ])('keys %s %s as %s', (_kind, address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('parseTrustProxy', () => {
  it.each([
    ['false', false],
    ['1', { hops: 1 }],
    [' 2 ', { hops: 2 }],
    ['127.0.0.1', { addresses: ['127.0.0.1'] }],
    ['127.0.0.1, 10.0.0.0/8,fd00::/8', { addresses: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'] }],
    ['loopback,uniquelocal', { addresses: ['loopback', 'uniquelocal'] }],
  ])('reads %j', (value, trust) => {
    expect(parseTrustProxy(value)).toEqual(trust);
  });

  it.each(['true', '0', '100', '-1', '1.5', '', 'lb.internal', '10.0.0.0/33', '10.1', '127.0.0.1,', 'yes'])(
    'refuses %j',
    (value) => {
      expect(parseTrustProxy(value)).toBeUndefined();
    },
  );
});

describe('fastifyTrustProxy', () => {
  it('believes exactly `hops` proxies, counted from the socket', () => {
    const trust = fastifyTrustProxy({ hops: 1 });
    if (typeof trust !== 'function') throw new Error('a hop count is given to Fastify as a function');
    expect([0, 1, 2].map((hop) => trust('198.51.100.1', hop))).toEqual([true, false, false]);
  });

  it('passes a list of addresses and none at all as Fastify takes them', () => {
    expect(fastifyTrustProxy({ addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
