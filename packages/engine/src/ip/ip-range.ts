// Addresses and CIDR blocks as inclusive numeric ranges, the form every IP index is built
// from. Built at compile time only, so bigint is fine here (the hot path never sees it).
import { formatIp, parseIp, type IpAddress } from './ip-address.js';

/** An inclusive range of addresses of one family; `first`/`last` are the address numbers. */
export interface IpRange {
  version: 4 | 6;
  first: bigint;
  last: bigint;
  prefix: number;
}

export type IpRangeError =
  | { reason: 'invalidAddress' }
  | { reason: 'invalidPrefix' }
  | { reason: 'hostBitsSet'; network: string };

export type IpRangeResult = { ok: true; range: IpRange } | ({ ok: false } & IpRangeError);

export function ipToBigInt(ip: IpAddress): bigint {
  if (ip.version === 4) return BigInt(ip.value);
  const [a, b, c, d] = ip.words;
  return (BigInt(a) << 96n) | (BigInt(b) << 64n) | (BigInt(c) << 32n) | BigInt(d);
}

export function bigIntToIp(version: 4 | 6, value: bigint): IpAddress {
  if (version === 4) return { version: 4, value: Number(value) };
  const mask = 0xffffffffn;
  return {
    version: 6,
    words: [
      Number((value >> 96n) & mask),
      Number((value >> 64n) & mask),
      Number((value >> 32n) & mask),
      Number(value & mask),
    ],
  };
}

const PREFIX = /^(0|[1-9][0-9]{0,2})$/;

/**
 * Parses one address (`203.0.113.7`, `2001:db8::1`) or one CIDR block (`203.0.113.0/24`,
 * `2001:db8::/32`). A block with bits set right of the prefix is refused, naming the network
 * the merchant probably meant, rather than silently widened. IPv4-mapped IPv6 blocks of
 * `/96` or longer are the IPv4 blocks they carry.
 */
export function parseIpRange(text: string): IpRangeResult {
  if (typeof text !== 'string') return { ok: false, reason: 'invalidAddress' };
  const slash = text.indexOf('/');
  const address = parseIp(slash < 0 ? text : text.slice(0, slash));
  if (!address) return { ok: false, reason: 'invalidAddress' };
  const bits = address.version === 4 ? 32 : 128;
  let prefix = bits;
  if (slash >= 0) {
    const prefixText = text.slice(slash + 1);
    if (!PREFIX.test(prefixText)) return { ok: false, reason: 'invalidPrefix' };
    prefix = Number(prefixText);
    // A mapped address (`::ffff:a.b.c.d/120`) was turned into IPv4: its prefix counts from bit 96.
    const mapped = address.version === 4 && text.slice(0, slash).includes(':');
    if (mapped) {
      if (prefix < 96 || prefix > 128) return { ok: false, reason: 'invalidPrefix' };
      prefix -= 96;
    }
    if (prefix > bits) return { ok: false, reason: 'invalidPrefix' };
  }
  const value = ipToBigInt(address);
  const hostBits = BigInt(bits - prefix);
  const hostMask = (1n << hostBits) - 1n;
  if ((value & hostMask) !== 0n) {
    const network = bigIntToIp(address.version, value & ~hostMask);
    return { ok: false, reason: 'hostBitsSet', network: `${formatIp(network)}/${prefix}` };
  }
  return {
    ok: true,
    range: { version: address.version, first: value, last: value | hostMask, prefix },
  };
}
