import { describe, expect, it } from 'vitest';
import { findRange } from './sorted-ranges.js';

describe('binary search over sorted IP ranges', () => {
  // [10, 20], [30, 30], [0xfffffff0, 0xffffffff]: gaps before, between and after.
  const first4 = Uint32Array.of(10, 30, 0xfffffff0);
  const last4 = Uint32Array.of(20, 30, 0xffffffff);
  const v4 = (value: number, count = 3) => findRange(first4, last4, count, 1, value, 0, 0, 0);

  it('finds the IPv4 range holding a value, bounds included', () => {
    expect([10, 20, 30, 0xfffffff5, 0xffffffff].map((value) => v4(value))).toEqual([0, 0, 1, 2, 2]);
  });

  it('finds no IPv4 range for a value in a gap or outside every range', () => {
    expect([0, 9, 21, 31].map((value) => v4(value))).toEqual([-1, -1, -1, -1]);
    expect(v4(10, 0)).toBe(-1);
  });

  // [2001:db8::, 2001:db8::ffff], [2001:db8:0:1::, 2001:db8:0:1::], [8000::, ffff:…:ffff]
  const first6 = Uint32Array.of(0x20010db8, 0, 0, 0, 0x20010db8, 1, 0, 0, 0x80000000, 0, 0, 0);
  const max = 0xffffffff;
  const last6 = Uint32Array.of(0x20010db8, 0, 0, 0xffff, 0x20010db8, 1, 0, 0, max, max, max, max);
  const v6 = (a: number, b: number, c: number, d: number, count = 3) =>
    findRange(first6, last6, count, 4, a, b, c, d);

  it('finds the IPv6 range holding an address, comparing words high first and unsigned', () => {
    const inside: [number, number, number, number][] = [
      [0x20010db8, 0, 0, 0],
      [0x20010db8, 0, 0, 0xffff],
      [0x20010db8, 1, 0, 0],
      [0x80000000, 0, 0, 1],
      [max, max, max, max],
    ];
    expect(inside.map((address) => v6(...address))).toEqual([0, 0, 1, 2, 2]);
  });

  it('finds no IPv6 range for an address in a gap or outside every range', () => {
    const outside: [number, number, number, number][] = [
      [0x20010db8, 0, 0, 0x10000],
      [0x20010db8, 0, 1, 0],
      [0x20010db8, 1, 0, 1],
      [0x20010db7, max, max, max],
      [0x7fffffff, max, max, max],
    ];
    expect(outside.map((address) => v6(...address))).toEqual([-1, -1, -1, -1, -1]);
    expect(v6(0x20010db8, 0, 0, 0, 0)).toBe(-1);
  });

  it('agrees with a linear scan on IPv6 ranges that share their high words', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const words = (value: bigint) =>
      [96n, 64n, 32n, 0n].map((s) => Number((value >> s) & 0xffffffffn)) as [
        number,
        number,
        number,
        number,
      ];
    // Disjoint ranges packed into 2001:db8::/32 and 2001:db9::/32, so most neighbours tie on
    // the high word and often on the second.
    const bounds: [bigint, bigint][] = [];
    let next = 0x20010db8n << 96n;
    for (let i = 0; i < 400; i++) {
      const start =
        next + BigInt(Math.floor(random() * 4)) * (1n << BigInt(Math.floor(random() * 70)));
      const end =
        start + BigInt(Math.floor(random() * 3)) * (1n << BigInt(Math.floor(random() * 66)));
      bounds.push([start, end]);
      next = end + 1n;
    }
    const first = new Uint32Array(bounds.flatMap(([f]) => words(f)));
    const last = new Uint32Array(bounds.flatMap(([, l]) => words(l)));
    for (let i = 0; i < 3000; i++) {
      const [f, l] = bounds[Math.floor(random() * bounds.length)]!;
      const value = [f - 1n, f, l, l + 1n, (f + l) / 2n][i % 5]!;
      const expected = bounds.findIndex(([lo, hi]) => lo <= value && value <= hi);
      expect(findRange(first, last, bounds.length, 4, ...words(value))).toBe(expected);
    }
  });
});
