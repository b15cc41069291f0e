// Binary search over sorted, disjoint IP ranges held in typed arrays: `first[i]`/`last[i]` are
// the bounds of range i, `stride` Uint32 words per bound (IPv4: 1; IPv6: 4, high word first).
// Shared by the rule range index and the ASN index. It runs on every decision, so it takes the
// arrays themselves (not the owning objects, which differ in shape), always the same argument
// types, and allocates nothing. Most steps are settled by the high word alone; only on a tie
// does an IPv6 search look at the other three.

/** -1, 0 or 1 as words 1..3 of the IPv6 address at words[at*4..] compare with (b, c, d). */
function compareLowWords(words: Uint32Array, at: number, b: number, c: number, d: number) {
  const i = at * 4;
  let x = words[i + 1]!;
  if (x !== b) return x < b ? -1 : 1;
  x = words[i + 2]!;
  if (x !== c) return x < c ? -1 : 1;
  x = words[i + 3]!;
  if (x !== d) return x < d ? -1 : 1;
  return 0;
}

/**
 * The range holding the address, or -1: the last range starting at or before it, if the
 * address is not past its end. The address is (a, b, c, d) for IPv6; for IPv4 only `a` counts.
 */
export function findRange(
  first: Uint32Array,
  last: Uint32Array,
  count: number,
  stride: 1 | 4,
  a: number,
  b: number,
  c: number,
  d: number,
): number {
  let lo = 0;
  let hi = count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const x = first[mid * stride]!;
    if (x < a || (x === a && (stride === 1 || compareLowWords(first, mid, b, c, d) <= 0))) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return -1;
  const y = last[found * stride]!;
  return y > a || (y === a && (stride === 1 || compareLowWords(last, found, b, c, d) >= 0))
    ? found
    : -1;
}
