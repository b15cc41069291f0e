// Generators of the regular expressions and texts a hostile (or careless) merchant and visitor
// could pair: random combinations of letters, classes, groups, alternatives and nested
// repetition, the shapes that make a backtracking engine take exponential time, and long
// texts of the same few characters with a last character that spoils the match.
import fc from 'fast-check';

const ATOMS = ['a', 'b', 'ab', '.', '\\w', '\\d', '\\s', '[ab]', '[^b]', '[a-c]', '!', '\\.'];
const QUANTIFIERS = ['*', '+', '?', '{2,}', '{1,3}', '*?', '+?'];

const quantified = (term: fc.Arbitrary<string>) =>
  fc
    .tuple(term, fc.option(fc.constantFrom(...QUANTIFIERS), { nil: '' }))
    .map(([t, q]) => `${t}${q}`);

/** Choices of sequences of terms, a term being an atom or a group nested `depth` deep. */
const choice: fc.Memo<string> = fc.memo((depth) => {
  const atom = fc.constantFrom(...ATOMS);
  const term =
    depth <= 1
      ? atom
      : fc.oneof(
          atom,
          fc
            .tuple(fc.constantFrom('(', '(?:'), choice(depth - 1))
            .map(([open, inner]) => `${open}${inner})`),
        );
  const sequence = fc
    .array(quantified(term), { minLength: 1, maxLength: 4 })
    .map((terms) => terms.join(''));
  return fc.array(sequence, { minLength: 1, maxLength: 3 }).map((options) => options.join('|'));
});

/** A pattern over `a`, `b` and `!`: atoms, groups, choices, repetition nested three deep. */
export const hostilePattern = choice(4).filter((pattern) => pattern.length <= 200);

/** Shapes known to stall a backtracking engine for seconds on a few dozen characters. */
export const CATASTROPHIC_PATTERNS = [
  'a*a*a*a*a*a*a*a*a*a*a*a*!',
  '(a+)+!',
  '(a|a)*!',
  '(a|ab)*!',
  '(\\w+\\s?)+!',
  '(([a-z])+.)+[A-Z]([a-z])+!',
];

/** A text of `length` characters from `a`, `b` and spaces, ending in a character no pattern wants. */
export const hostileText = (length: number) =>
  fc
    .tuple(fc.constantFrom('a', 'ab', 'a ', 'aab'), fc.constantFrom('', '?', '#'))
    .map(([unit, last]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length) + last);
