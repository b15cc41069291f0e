// Spellings of addresses a store origin may never be, for property tests: IPv4 addresses of
// the loopback, private, carrier-grade NAT, link-local, unspecified, multicast, reserved and
// documentation ranges written every way an address parser accepts (dotted, one number in
// decimal, octal or hex, parts in octal or hex, two or three parts), carried in IPv6
// (IPv4-mapped, NAT64, IPv4-compatible, 6to4), and the IPv6 ranges of the same kinds. Each is
// the host part of a URL: IPv6 in brackets.
import { formatIpv4, parseIp, RESERVED_V4_BLOCKS } from '@gatehouse/engine/values';
import fc from 'fast-check';

const numberOf = (text: string) => {
  const ip = parseIp(text);
  if (ip?.version !== 4) throw new Error(`${text} is not an IPv4 address`);
  return ip.value;
};

/** A forbidden IPv4 address as a number. */
export const forbiddenV4 = fc
  .constantFrom(...RESERVED_V4_BLOCKS)
  .chain(([first, prefix]) =>
    fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((n) => numberOf(first) + n),
  );

const partsOf = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const dotted = formatIpv4;
const hex16 = (n: number) => [(n >>> 16).toString(16), (n & 0xffff).toString(16)].join(':');

const V4_SPELLINGS: readonly ((n: number) => string)[] = [
  dotted,
  (n) => String(n),
  (n) => `0x${n.toString(16)}`,
  (n) => `0${n.toString(8)}`,
  (n) =>
    partsOf(n)
      .map((p) => `0${p.toString(8)}`)
      .join('.'),
  (n) =>
    partsOf(n)
      .map((p) => `0x${p.toString(16)}`)
      .join('.'),
  (n) => `${n >>> 24}.${n & 0xffffff}`,
  (n) => `${n >>> 24}.${(n >>> 16) & 255}.${n & 0xffff}`,
  (n) => `[::ffff:${dotted(n)}]`,
  (n) => `[::ffff:${hex16(n)}]`,
  (n) => `[64:ff9b::${dotted(n)}]`,
  (n) => `[64:ff9b::${hex16(n)}]`,
  (n) => `[::${dotted(n)}]`,
  (n) => `[2002:${hex16(n)}::1]`,
];

const group = fc.integer({ min: 0, max: 0xffff }).map((g) => g.toString(16));

/** IPv6 of a forbidden range: its first group fixed to the range, the rest random. */
const v6In = (first: fc.Arbitrary<number>) =>
  fc
    .tuple(first, fc.array(group, { minLength: 7, maxLength: 7 }))
    .map(([head, rest]) => `[${[head.toString(16), ...rest].join(':')}]`);

const FORBIDDEN_V6: readonly fc.Arbitrary<string>[] = [
  fc.constantFrom('[::1]', '[::]', '[0:0:0:0:0:0:0:1]'),
  v6In(fc.integer({ min: 0xfe80, max: 0xfebf })),
  v6In(fc.integer({ min: 0xfc00, max: 0xfdff })),
  v6In(fc.integer({ min: 0xff00, max: 0xffff })),
  fc.array(group, { minLength: 6, maxLength: 6 }).map((rest) => `[2001:db8:${rest.join(':')}]`),
  fc.array(group, { minLength: 6, maxLength: 6 }).map((rest) => `[2001:0:${rest.join(':')}]`),
];

/** The host part of a URL naming a forbidden address. */
export const forbiddenHost: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(forbiddenV4, fc.constantFrom(...V4_SPELLINGS)).map(([n, spell]) => spell(n)),
  ...FORBIDDEN_V6,
);
