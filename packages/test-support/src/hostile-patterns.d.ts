import type { Arbitrary } from 'fast-check';

/** A pattern over `a`, `b` and `!`: atoms, groups, choices, repetition nested to any depth. */
export const hostilePattern: Arbitrary<string>;
/** Shapes known to stall a backtracking engine for seconds on a few dozen characters. */
export const CATASTROPHIC_PATTERNS: readonly string[];
/** A text of `length` characters from `a`, `b` and spaces, ending in a character no pattern wants. */
export function hostileText(length: number): Arbitrary<string>;
