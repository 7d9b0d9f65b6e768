import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The SSRF guard of webhook endpoints (docs/decisions/webhooks.md, "Where a webhook may go"): an
 * endpoint's host must resolve to public unicast addresses only, unless WEBHOOK_ALLOW_PRIVATE; it
 * must be https, unless WEBHOOK_ALLOW_HTTP. Checked when the endpoint is saved and again on every
 * connection: the socket connects to the addresses this module vetted (`guardedLookup`), so a name
 * that resolves elsewhere the second time (DNS rebinding) is refused at connect.
 */
export interface AddressPolicy {
  /** Loopback, private, link-local, CGNAT … allowed (tests, on-premise receivers). */
  allowPrivate: boolean;
  /** http:// allowed besides https://. */
  allowHttp: boolean;
}

/** Resolves a host name to every address it has (node:dns `lookup`, all, as the OS resolves it). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

let current: Resolver = systemResolver;
/** The resolver the server uses (the system's). */
export const resolver = (): Resolver => current;
/** Tests only: resolve with `r` until the answer is called. */
export function useResolver(r: Resolver): () => void {
  current = r;
  return () => {
    current = systemResolver;
  };
}

/**
 * Why an address may not be connected to (its range: `loopback`, `private`, `linkLocal` …), or
 * null for a public unicast one. What ipaddr.js calls `unicast` is the only range allowed: every
 * special-purpose block (RFC 6890: unspecified, loopback, RFC 1918, CGNAT 100.64/10, link-local
 * 169.254/16 with the cloud metadata address, fe80::/10, unique-local fc00::/7, multicast,
 * broadcast, reserved, documentation, 6to4, Teredo, NAT64) is refused; an IPv4-mapped IPv6
 * address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
 */
export function refusedRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return 'invalid';
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** A refusal of the guard: the message names the address and its range, never a secret. */
export class AddressRefused extends Error {
  readonly code = 'EWEBHOOKADDRESS';
}

/** The URL's host as node:net knows it (an IPv6 literal without brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The endpoint's addresses, checked: every one the host resolves to must be allowed (one private
 * address among public ones refuses the host: the connection could take it). Throws
 * AddressRefused saying why.
 */
export async function vetAddresses(
  host: string,
  policy: AddressPolicy,
  resolve: Resolver = current,
): Promise<LookupAddress[]> {
  const literal = isIP(host);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new AddressRefused(`host not found: ${host}`);
    }
  }
  if (addresses.length === 0) throw new AddressRefused(`host not found: ${host}`);
  if (!policy.allowPrivate)
    for (const { address } of addresses) {
      const range = refusedRange(address);
      if (range) throw new AddressRefused(`address refused: ${host} is ${address} (${range})`);
    }
  return addresses;
}

/** The URL's scheme checked against the policy (https, or http when allowed). */
export function vetScheme(url: URL, policy: AddressPolicy): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && policy.allowHttp) return;
  throw new AddressRefused(`scheme refused: ${url.protocol} (https only)`);
}

/** An endpoint URL as it is saved: a valid https URL whose host resolves to allowed addresses. */
export async function vetEndpointUrl(text: string, policy: AddressPolicy, resolve: Resolver = current) {
  const url = new URL(text);
  vetScheme(url, policy);
  await vetAddresses(hostOf(url), policy, resolve);
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:net / node:http that resolves through `resolve` and vets every address
 * before the socket connects to one of them: the address checked is the address used.
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = current) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ) => {
    vetAddresses(hostname, policy, resolve).then(
      (addresses) => {
        const family = Number(options.family) || 0;
        const fit = family ? addresses.filter((a) => a.family === family) : addresses;
        if (fit.length === 0) {
          callback(
            Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
          );
          return;
        }
        if (options.all) callback(null, fit);
        else callback(null, fit[0]!.address, fit[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, ''),
    );
  };
}
