// A set of addresses given as many CIDR blocks (a feed's hundreds of thousands of lines),
// built fast and without bigint: blocks are read straight into Uint32 words, sorted, and
// overlapping ones merged, so a lookup is one binary search (sorted-ranges.ts). Membership
// only: which block matched is not kept.
import { parseIpInto } from './ip-address.js';
import { findRange } from './sorted-ranges.js';

/** Blocks as read, before sorting: IPv4 as [first, last] pairs, IPv6 as 8 words each. */
export interface RangeList {
  v4: number[];
  v6: number[];
}

export interface RangeSet {
  v4First: Uint32Array;
  v4Last: Uint32Array;
  v4Count: number;
  v6First: Uint32Array;
  v6Last: Uint32Array;
  v6Count: number;
}

export function newRangeList(): RangeList {
  return { v4: [], v6: [] };
}

export function rangeListSize(list: RangeList): number {
  return list.v4.length / 2 + list.v6.length / 8;
}

const words = new Uint32Array(4);
const PREFIX = /^(0|[1-9][0-9]{0,2})$/;

/** The mask of the network bits of word `w` (0..3) under a prefix counted over `bits`. */
function wordMask(prefix: number, w: number): number {
  const n = Math.min(32, Math.max(0, prefix - 32 * w));
  return n === 0 ? 0 : n === 32 ? 0xffffffff : (0xffffffff << (32 - n)) >>> 0;
}

/**
 * Adds one address or CIDR block to the list; false (nothing added) when the text is not one,
 * or has bits set right of its prefix.
 */
export function addRange(list: RangeList, text: string): boolean {
  const slash = text.indexOf('/');
  const address = slash < 0 ? text : text.slice(0, slash);
  const version = parseIpInto(address, words);
  if (version === 0) return false;
  const mapped = version === 4 && address.includes(':');
  let prefix = version === 4 ? 32 : 128;
  if (slash >= 0) {
    const prefixText = text.slice(slash + 1);
    if (!PREFIX.test(prefixText)) return false;
    prefix = Number(prefixText) - (mapped ? 96 : 0);
    if (prefix < 0 || prefix > (version === 4 ? 32 : 128)) return false;
  }
  if (version === 4) {
    const mask = wordMask(prefix, 0);
    const value = words[0]!;
    if ((value & ~mask) >>> 0 !== 0) return false;
    list.v4.push(value, (value | ~mask) >>> 0);
    return true;
  }
  const at = list.v6.length;
  for (let w = 0; w < 4; w++) {
    const mask = wordMask(prefix, w);
    if ((words[w]! & ~mask) >>> 0 !== 0) {
      list.v6.length = at;
      return false;
    }
    list.v6.push(words[w]!);
  }
  for (let w = 0; w < 4; w++) list.v6.push((words[w]! | ~wordMask(prefix, w)) >>> 0);
  return true;
}

function compareV6(data: number[], i: number, j: number, offsetI: number, offsetJ: number) {
  for (let w = 0; w < 4; w++) {
    const x = data[i * 8 + offsetI + w]!;
    const y = data[j * 8 + offsetJ + w]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * The IPv4 pairs' indices in order of their starts. A start (< 2^32) times 2^21 plus the index
 * (< 2^21) is exact in a double, so one numeric typed-array sort does it without a comparator.
 */
function sortedByStart(pairs: number[]): Float64Array | number[] {
  const n = pairs.length / 2;
  if (n >= 2 ** 21) {
    return Array.from({ length: n }, (_, i) => i).sort((i, j) => pairs[i * 2]! - pairs[j * 2]!);
  }
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = pairs[i * 2]! * 2 ** 21 + i;
  keys.sort();
  for (let i = 0; i < n; i++) keys[i] = keys[i]! % 2 ** 21;
  return keys;
}

/** Sorts and merges the lists' blocks into one set. */
export function buildRangeSet(lists: readonly RangeList[]): RangeSet {
  // IPv4: sort pairs by start, merge overlaps.
  const v4: number[] = [];
  for (const list of lists) for (const x of list.v4) v4.push(x);
  const order4 = sortedByStart(v4);
  const v4First: number[] = [];
  const v4Last: number[] = [];
  for (const i of order4) {
    const first = v4[i * 2]!;
    const last = v4[i * 2 + 1]!;
    const n = v4Last.length;
    if (n > 0 && first <= v4Last[n - 1]!) v4Last[n - 1] = Math.max(v4Last[n - 1]!, last);
    else {
      v4First.push(first);
      v4Last.push(last);
    }
  }
  // IPv6: the same over four words per bound.
  const v6: number[] = [];
  for (const list of lists) for (const x of list.v6) v6.push(x);
  const order6 = Array.from({ length: v6.length / 8 }, (_, i) => i);
  const data6 = Uint32Array.from(v6);
  order6.sort((i, j) => {
    for (let w = 0; w < 4; w++) {
      const x = data6[i * 8 + w]!;
      const y = data6[j * 8 + w]!;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
  const kept: number[] = []; // indices into v6 of the merged blocks' starts
  const lastOf: number[] = []; // index into v6 whose last bound ends the merged block
  for (const i of order6) {
    const n = kept.length;
    if (n > 0 && compareV6(v6, i, lastOf[n - 1]!, 0, 4) <= 0) {
      if (compareV6(v6, i, lastOf[n - 1]!, 4, 4) > 0) lastOf[n - 1] = i;
    } else {
      kept.push(i);
      lastOf.push(i);
    }
  }
  const v6First = new Uint32Array(kept.length * 4);
  const v6Last = new Uint32Array(kept.length * 4);
  for (let k = 0; k < kept.length; k++) {
    for (let w = 0; w < 4; w++) {
      v6First[k * 4 + w] = v6[kept[k]! * 8 + w]!;
      v6Last[k * 4 + w] = v6[lastOf[k]! * 8 + 4 + w]!;
    }
  }
  return {
    v4First: Uint32Array.from(v4First),
    v4Last: Uint32Array.from(v4Last),
    v4Count: v4First.length,
    v6First,
    v6Last,
    v6Count: kept.length,
  };
}

/** True when the parsed address (version and words, as parseIpInto leaves them) is in the set. */
export function rangeSetHas(set: RangeSet, version: 4 | 6, address: Uint32Array): boolean {
  return version === 4
    ? findRange(set.v4First, set.v4Last, set.v4Count, 1, address[0]!, 0, 0, 0) >= 0
    : findRange(
        set.v6First,
        set.v6Last,
        set.v6Count,
        4,
        address[0]!,
        address[1]!,
        address[2]!,
        address[3]!,
      ) >= 0;
}

export function rangeSetBytes(set: RangeSet): number {
  return (
    set.v4First.byteLength + set.v4Last.byteLength + set.v6First.byteLength + set.v6Last.byteLength
  );
}
