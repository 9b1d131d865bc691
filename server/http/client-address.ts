/**
 * Which client sent a request (issue 27, "Client address"): how far `X-Forwarded-For` is believed
 * (TRUST_PROXY), and the key under which the login limits and the hashing gate count a client.
 * Addresses are parsed with ipaddr.js, the parser @fastify/proxy-addr itself uses.
 */
import ipaddr from 'ipaddr.js';
import type { FastifyServerOptions } from 'fastify';

/**
 * TRUST_PROXY, parsed: `false` takes the socket's address; `{ hops }` believes that many proxies in
 * front of the server (the right-most `hops` entries of the chain); `{ addresses }` believes the
 * proxies whose address is in the list (addresses, CIDR ranges, or proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`). Never the client-written left-most entry unless every hop is trusted.
 */
export type TrustProxy = false | { hops: number } | { addresses: readonly string[] };

const RANGE_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  return (
    RANGE_NAMES.has(entry) ||
    ipaddr.IPv4.isValidFourPartDecimal(entry) ||
    ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
    ipaddr.IPv6.isValid(entry) ||
    ipaddr.IPv6.isValidCIDR(entry)
  );
}

/**
 * Reads a TRUST_PROXY value: `false`, a whole number of proxies 1-99, or a comma-separated list of
 * proxy addresses / CIDR ranges. Returns undefined for anything else (`true` included: it would
 * believe the entry the client writes).
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === 'false') return false;
  if (/^[1-9]\d?$/.test(text)) return { hops: Number(text) };
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? { addresses: entries } : undefined;
}

/**
 * Fastify's `trustProxy` option for `trust`. A hop count is given as a function: Fastify 5.12
 * ignores a number (it trusts no proxy then), while proxy-addr's own hop semantics are what
 * TRUST_PROXY=1 promises (the socket peer is the load balancer; the entry it appended is the client).
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address: string, hop: number) => hop < hops;
  }
  return [...trust.addresses];
}

/**
 * The key a client is counted under by the login limits and the hashing gate: an IPv4 address as
 * itself, an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as the IPv4 address, and an IPv6 address
 * as its /64 (`2001:db8:1:2::/64`), the smallest block a home or a server is usually given, so
 * rotating addresses inside it is one client. Anything that is not an address is returned as it is.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = new ipaddr.IPv6([...(parsed as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toRFC5952String()}/64`;
}
