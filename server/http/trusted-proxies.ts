import { BlockList, isIP } from 'node:net';

/**
 * `TRUSTED_PROXIES`: the proxies and load balancers in front of the portal (addresses or CIDR
 * blocks, comma-separated: `10.0.0.0/8, 192.168.1.10, fd00::/8`). Only a request whose socket
 * comes from one of them has its `X-Forwarded-For` read, from the right, hop by hop, while the hop
 * is a trusted proxy: the first address that is not one is the client's (rate limits, login
 * delays and the audit count it). Empty (the default), the header is never read: a client could
 * write any address into it.
 */
export interface TrustedProxies {
  /** Whether `address` is one of the trusted proxies. */
  trusts(address: string): boolean;
  /** The client's address, given the socket's peer and the request's `X-Forwarded-For`. */
  client(peer: string, forwardedFor: string | undefined): string;
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is `10.0.0.1`. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** The entries of `TRUSTED_PROXIES`, checked; throws naming the first that is no address or block. */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined) {
      throw new Error(
        `TRUSTED_PROXIES: "${entry}" is not an IP address or a CIDR block (e.g. 10.0.0.0/8, 192.168.1.10, fd00::/8)`,
      );
    }
  }
  return entries;
}

const built = new WeakMap<readonly string[], TrustedProxies>();

/** The trusted proxies of checked entries (built once per list). */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  let proxies = built.get(entries);
  if (proxies) return proxies;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  const trusts = (address: string) => {
    const a = plain(address);
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
  };
  proxies = {
    trusts,
    client(peer, forwardedFor) {
      let client = plain(peer);
      if (entries.length === 0 || !forwardedFor || !trusts(client)) return client;
      const hops = forwardedFor.split(',').map((s) => plain(s.trim()));
      for (let i = hops.length - 1; i >= 0 && trusts(client); i--) {
        const hop = hops[i] as string;
        // a hop that is no address: the proxy that passed it on is as far as can be told
        if (!isIP(hop)) break;
        client = hop;
      }
      return client;
    },
  };
  built.set(entries, proxies);
  return proxies;
}
