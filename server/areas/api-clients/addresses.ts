import { BlockList, isIP } from 'node:net';
import { isAddressBlock } from '../../../src/contract/api-clients/schemas.ts';

/**
 * A client's allowed source addresses (IP addresses and CIDR blocks), checked on every token and
 * every call against the address the server sees (behind `TRUSTED_PROXIES`, the forwarded client).
 * No entries: any address. Each list is built into a `BlockList` (node:net) once and kept by its
 * text, so a call pays a lookup.
 */

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is `10.0.0.1`. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** The entries as stored: checked (the contract's rule, and node's), trimmed, a lone address without a prefix. */
export function checkedBlocks(entries: readonly string[]): string[] {
  return entries.map((entry) => {
    const text = entry.trim();
    const [address = ''] = text.split('/');
    if (!isAddressBlock(text) || isIP(address) === 0) throw new Error(`not an address or block: ${entry}`);
    return text;
  });
}

const lists = new Map<string, BlockList>();

function listOf(entries: readonly string[]): BlockList {
  const key = entries.join(',');
  let list = lists.get(key);
  if (list) return list;
  list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  if (lists.size >= 1_000) lists.clear();
  lists.set(key, list);
  return list;
}

/** Whether a call from `address` is allowed by `entries` (none: every address). */
export function addressAllowed(address: string, entries: readonly string[]): boolean {
  if (entries.length === 0) return true;
  const a = plain(address);
  const family = isIP(a);
  if (family === 0) return false;
  return listOf(entries).check(a, family === 4 ? 'ipv4' : 'ipv6');
}
