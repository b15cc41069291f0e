// Generators of the regular expressions and texts a hostile (or careless) merchant and visitor
// could pair: random combinations of letters, classes, groups, alternatives and nested
// repetition, the shapes that make a backtracking engine take exponential time, and long
// texts of the same few characters with a last character that spoils the match.
import fc from 'fast-check';

const ATOMS = ['a', 'b', 'ab', '.', '\\w', '\\d', '\\s', '[ab]', '[^b]', '[a-c]', '!', '\\.'];
const QUANTIFIERS = ['*', '+', '?', '{2,}', '{1,3}', '*?', '+?'];

/** A pattern over `a`, `b` and `!`: atoms, groups, choices, repetition nested to any depth. */
export const hostilePattern = fc
  .letrec((tie) => ({
    atom: fc.constantFrom(...ATOMS),
    group: fc
      .tuple(fc.constantFrom('(', '(?:'), tie('choice'))
      .map(([open, inner]) => `${open}${inner})`),
    term: fc
      .tuple(
        fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('atom'), tie('group')),
        fc.option(fc.constantFrom(...QUANTIFIERS), { nil: '' }),
      )
      .map(([term, q]) => `${term}${q}`),
    sequence: fc.array(tie('term'), { minLength: 1, maxLength: 6 }).map((terms) => terms.join('')),
    choice: fc
      .array(tie('sequence'), { minLength: 1, maxLength: 3 })
      .map((options) => options.join('|')),
  }))
  .choice.map((pattern) => pattern.slice(0, 200));

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
export const hostileText = (length) =>
  fc
    .tuple(fc.constantFrom('a', 'ab', 'a ', 'aab'), fc.constantFrom('', '?', '#'))
    .map(([unit, last]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length) + last);
