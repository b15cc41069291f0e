// Addresses that belong to no one on the public internet (private, loopback, link-local,
// documentation, multicast…). Geo data sometimes carries stray entries for them; a visitor
// from such an address has no country, so the engine never guesses one.

/** Reserved IPv4 space: first address and prefix length of each block. */
export const RESERVED_V4_BLOCKS: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** [first, last] pairs of reserved IPv4 space. */
const V4 = RESERVED_V4_BLOCKS.map(([text, prefix]) => {
  const first = text.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
  return [first, first + 2 ** (32 - prefix) - 1] as const;
});

export function isReservedV4(value: number): boolean {
  for (const [first, last] of V4) if (value >= first && value <= last) return true;
  return false;
}

/** IPv6 words high first: ::/96 (unspecified, loopback, IPv4-compatible), ULA, link-local, multicast, documentation. */
export function isReservedV6(a: number, b: number, c: number): boolean {
  if (a === 0 && b === 0 && c === 0) return true;
  const top = a >>> 16;
  return (
    (top & 0xfe00) === 0xfc00 || // fc00::/7
    (top & 0xffc0) === 0xfe80 || // fe80::/10
    (top & 0xff00) === 0xff00 || // ff00::/8
    a === 0x20010db8 // 2001:db8::/32
  );
}
