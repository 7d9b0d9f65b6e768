import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an embedded IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (v4) {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key of a client address: IPv4 as is (also when IPv4-mapped, `::ffff:192.0.2.1`); IPv6 by
 * its /64 network, since one subscriber usually holds a whole /64 and could otherwise change
 * address at every try; anything else (`local` in tests) as is.
 */
export function addressKey(address: string): string {
  const plain = address.split('%')[0]!;
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return address;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
