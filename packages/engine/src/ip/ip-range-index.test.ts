import { describe, expect, it } from 'vitest';
import { parseIp } from './ip-address.js';
import { parseIpRange, ipToBigInt } from './ip-range.js';
import {
  buildIpRangeIndex,
  findSegmentV4,
  findSegmentV6,
  type TaggedRange,
  type IpRangeIndex,
} from './ip-range-index.js';

function tagged(texts: string[]): TaggedRange[] {
  return texts.map((text, item) => {
    const result = parseIpRange(text);
    if (!result.ok) throw new Error(text);
    return { range: result.range, item };
  });
}

/** Items covering an address according to the index, in order. */
function itemsAt(ranges: TaggedRange[] | IpRangeIndex, ip: string): number[] {
  const index = Array.isArray(ranges) ? buildIpRangeIndex(ranges) : ranges;
  const address = parseIp(ip)!;
  const family = address.version === 4 ? index.v4 : index.v6;
  const segment =
    address.version === 4
      ? findSegmentV4(index, address.value)
      : findSegmentV6(index, ...address.words);
  if (segment < 0) return [];
  return [...family.items.subarray(family.offsets[segment], family.offsets[segment + 1])];
}

describe('IP range index', () => {
  it('lists every range covering an address, in item order', () => {
    const ranges = tagged(['10.0.0.0/8', '10.1.0.0/16', '10.1.2.3', '0.0.0.0/0', '2001:db8::/32']);
    expect(itemsAt(ranges, '10.1.2.3')).toEqual([0, 1, 2, 3]);
    expect(itemsAt(ranges, '10.1.2.4')).toEqual([0, 1, 3]);
    expect(itemsAt(ranges, '10.2.0.0')).toEqual([0, 3]);
    expect(itemsAt(ranges, '255.255.255.255')).toEqual([3]);
    expect(itemsAt(ranges, '2001:db8:ffff::1')).toEqual([4]);
    expect(itemsAt(ranges, '2001:db9::')).toEqual([]);
  });

  it('finds nothing in an empty index', () => {
    expect(itemsAt([], '1.2.3.4')).toEqual([]);
    expect(itemsAt([], '::1')).toEqual([]);
  });

  it('agrees with a linear scan on random ranges and addresses', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const texts: string[] = [];
    for (let i = 0; i < 300; i++) {
      const prefix = 8 + Math.floor(random() * 25);
      const value = Math.floor(random() * 2 ** 32) & ~(2 ** (32 - prefix) - 1);
      texts.push(
        `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}/${prefix}`,
      );
    }
    const ranges = tagged(texts);
    const index = buildIpRangeIndex(ranges);
    for (let i = 0; i < 2000; i++) {
      const base =
        i % 2 === 0
          ? ranges[i % ranges.length]!.range.first
          : BigInt(Math.floor(random() * 2 ** 32));
      const value = base + BigInt(i % 3);
      if (value > 0xffffffffn) continue;
      const ip = [24, 16, 8, 0].map((s) => Number((value >> BigInt(s)) & 255n)).join('.');
      const expected = ranges
        .filter((r) => r.range.first <= value && value <= r.range.last)
        .map((r) => r.item);
      expect(itemsAt(index, ip)).toEqual(expected);
      expect(ipToBigInt(parseIp(ip)!)).toBe(value);
    }
  });
});
