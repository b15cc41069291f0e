// A compact lookup structure for many possibly overlapping IP ranges, each tagged with an item
// number (a rule's position). Ranges are cut into disjoint segments, sorted, held in typed
// arrays: IPv4 bounds as Uint32Array, IPv6 bounds as four Uint32 words per address. A lookup is
// one binary search; the matching segment lists its items in ascending order (rule priority).
import type { IpRange } from './ip-range.js';
import { findRange } from './sorted-ranges.js';

interface FamilyIndex {
  /** Segment bounds: one value per segment (IPv4) or four words per segment (IPv6). */
  first: Uint32Array;
  last: Uint32Array;
  /** Items of segment i are items[offsets[i] .. offsets[i+1]). */
  offsets: Uint32Array;
  items: Uint32Array;
  count: number;
}

export interface IpRangeIndex {
  v4: FamilyIndex;
  v6: FamilyIndex;
}

export interface TaggedRange {
  range: IpRange;
  item: number;
}

const MASK32 = 0xffffffffn;

function buildFamily(ranges: TaggedRange[], words: 1 | 4): FamilyIndex {
  // Sweep over range boundaries, keeping the items covering the current point. IPv4 points fit
  // a double exactly, so only IPv6 pays for bigint arithmetic.
  type Point = number | bigint;
  const toPoint = (value: bigint): Point => (words === 1 ? Number(value) : value);
  const events: { point: Point; item: number; open: boolean }[] = [];
  for (const { range, item } of ranges) {
    events.push({ point: toPoint(range.first), item, open: true });
    events.push({ point: toPoint(range.last + 1n), item, open: false });
  }
  events.sort((a, b) => (a.point < b.point ? -1 : a.point > b.point ? 1 : 0));
  const active = new Map<number, number>(); // item → how many of its ranges cover the point
  const segFirst: Point[] = [];
  const segLast: Point[] = [];
  const offsets: number[] = [0];
  const items: number[] = [];
  for (let e = 0; e < events.length;) {
    const point = events[e]!.point;
    for (; e < events.length && events[e]!.point === point; e++) {
      const { item, open } = events[e]!;
      const n = (active.get(item) ?? 0) + (open ? 1 : -1);
      if (n <= 0) active.delete(item);
      else active.set(item, n);
    }
    const next = events[e]?.point;
    if (active.size === 0 || next === undefined) continue;
    segFirst.push(point);
    segLast.push(typeof next === 'bigint' ? next - 1n : next - 1);
    for (const item of [...active.keys()].sort((a, b) => a - b)) items.push(item);
    offsets.push(items.length);
  }
  const count = segFirst.length;
  const first = new Uint32Array(count * words);
  const last = new Uint32Array(count * words);
  for (let i = 0; i < count; i++) {
    const f = segFirst[i]!;
    const l = segLast[i]!;
    if (typeof f === 'number' && typeof l === 'number') {
      first[i] = f;
      last[i] = l;
      continue;
    }
    for (let w = 0; w < words; w++) {
      const shift = BigInt(32 * (words - 1 - w));
      first[i * words + w] = Number((BigInt(f) >> shift) & MASK32);
      last[i * words + w] = Number((BigInt(l) >> shift) & MASK32);
    }
  }
  return {
    first,
    last,
    offsets: Uint32Array.from(offsets),
    items: Uint32Array.from(items),
    count,
  };
}

export function buildIpRangeIndex(ranges: TaggedRange[]): IpRangeIndex {
  return {
    v4: buildFamily(
      ranges.filter((r) => r.range.version === 4),
      1,
    ),
    v6: buildFamily(
      ranges.filter((r) => r.range.version === 6),
      4,
    ),
  };
}

/** The segment holding an IPv4 address, or -1. */
export function findSegmentV4(index: IpRangeIndex, value: number): number {
  const { first, last, count } = index.v4;
  return findRange(first, last, count, 1, value, 0, 0, 0);
}

/** The segment holding the IPv6 address (a, b, c, d), or -1. */
export function findSegmentV6(
  index: IpRangeIndex,
  a: number,
  b: number,
  c: number,
  d: number,
): number {
  const { first, last, count } = index.v6;
  return findRange(first, last, count, 4, a, b, c, d);
}

export function ipRangeIndexBytes(index: IpRangeIndex): number {
  let bytes = 0;
  for (const f of [index.v4, index.v6]) {
    bytes += f.first.byteLength + f.last.byteLength + f.offsets.byteLength + f.items.byteLength;
  }
  return bytes;
}
