import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  DOMAIN_PROOF_LABEL,
  DOMAIN_PROOF_PREFIX,
  type DomainCheckResult,
} from '../../../src/contract/single-sign-on/schemas.ts';

/**
 * Proof that a customer owns an e-mail domain its single sign-on claims (docs/decisions/
 * single-sign-on.md, "Domain proof"), as Okta, Slack and GitHub Enterprise ask it: the claim's
 * random token published as a DNS TXT record, `_lp-portal-verification.<domain>` TXT
 * `lp-portal-verification=<token>`, read now with Node's resolver from the servers of
 * `SSO_DNS_SERVERS` (default: the system's).
 */

/** A claim's token: 20 random bytes, hex (what the TXT record must hold after the prefix). */
export const newDomainToken = () => randomBytes(20).toString('hex');

/** The TXT record that proves the claim of `domain` with `token`. */
export const proofRecord = (domain: string, token: string) => ({
  name: `${DOMAIN_PROOF_LABEL}.${domain}`,
  value: `${DOMAIN_PROOF_PREFIX}${token}`,
});

/** How long one DNS server may take to answer, and how often it is asked (then the next one). */
const TIMEOUT_MS = 2500;
const TRIES = 2;

/** The answers that say the name or its TXT record does not exist (rather than "could not ask"). */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

/**
 * Reads the TXT records at the proof's name and says what they prove: `verified` (one of them is
 * the expected value, its strings joined as RFC 7208 §3.3 joins them), `mismatch` (a proof record
 * of another token), `missing` (no such name or no proof record), `unreachable` (no server
 * answered, or one failed: a verified domain is never decided by that).
 */
export async function readDomainProof(
  servers: readonly string[],
  domain: string,
  token: string,
): Promise<DomainCheckResult> {
  const { name, value } = proofRecord(domain, token);
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
  if (servers.length) resolver.setServers([...servers]);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return ABSENT.has(code) ? 'missing' : 'unreachable';
  }
  const texts = records.map((chunks) => chunks.join('').trim());
  if (texts.includes(value)) return 'verified';
  return texts.some((t) => t.startsWith(DOMAIN_PROOF_PREFIX)) ? 'mismatch' : 'missing';
}

/**
 * `SSO_DNS_SERVERS`: the DNS servers the proof asks, comma-separated (`1.1.1.1`, `10.0.0.53:5353`,
 * `[2001:db8::1]:53`), or none for the system's resolvers (/etc/resolv.conf). Throws on anything
 * that is not an IP address with an optional port: a host name would need a resolver to find.
 */
export function parseDnsServers(value: string | undefined): string[] {
  const servers = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of servers) {
    if (!isDnsServer(server))
      throw new Error(
        `SSO_DNS_SERVERS: "${server}" is not an IP address with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:53)`,
      );
  }
  return servers;
}

function isDnsServer(server: string): boolean {
  if (isIP(server) !== 0) return true;
  const m = /^(?:\[([^\]]+)\]|([\d.]+)):(\d{1,5})$/.exec(server);
  if (!m) return false;
  const port = Number(m[3]);
  return (m[1] ? isIP(m[1]) === 6 : isIP(m[2] ?? '') === 4) && port >= 1 && port <= 65535;
}
