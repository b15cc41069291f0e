import {
  CATASTROPHIC_PATTERNS,
  hostilePattern,
  hostileText,
} from '@gatehouse/test-support/hostile-patterns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob, compileMerchantRegex, type PatternTest } from './merchant-regex.js';
import { FILTER_PATTERNS, URL_PATTERNS } from './regex-syntax.js';

/** The most one match may take, on a loaded machine. */
const BOUND_MS = 200;

function regex(source: string): PatternTest {
  const compiled = compileMerchantRegex(source, URL_PATTERNS);
  if ('problem' in compiled) throw new Error(compiled.problem);
  return compiled.test;
}

function problem(source: string): string {
  const compiled = compileMerchantRegex(source, FILTER_PATTERNS);
  if ('test' in compiled) throw new Error(`"${source}" was accepted`);
  return compiled.problem;
}

describe('merchant regular expressions', () => {
  it('answer any generated pattern on a long hostile text within the bound', () => {
    fc.assert(
      fc.property(
        fc.oneof(hostilePattern, fc.constantFrom(...CATASTROPHIC_PATTERNS)),
        hostileText(10_000),
        (source, text) => {
          const compiled = compileMerchantRegex(source, URL_PATTERNS);
          if ('problem' in compiled) return;
          const started = performance.now();
          compiled.test(text);
          expect(performance.now() - started).toBeLessThan(BOUND_MS);
        },
      ),
      { numRuns: 150, seed: 20261128 },
    );
  });

  // Short texts keep JavaScript's own engine quick on the same patterns.
  it('match as JavaScript does, without regard to case, on texts short enough to compare', () => {
    fc.assert(
      fc.property(
        hostilePattern,
        fc.string({
          unit: fc.constantFrom('a', 'A', 'b', '!', '.', '1', ' ', '\t', '\u00a0', '\n', '\r'),
          maxLength: 8,
        }),
        (source, text) => {
          const compiled = compileMerchantRegex(source, URL_PATTERNS);
          if ('problem' in compiled) return;
          expect(compiled.test(text), `/${source}/i on "${text}"`).toBe(
            new RegExp(source, 'i').test(text),
          );
        },
      ),
      { numRuns: 300, seed: 20261128 },
    );
  });

  it('read JavaScript syntax: escapes, named groups, Unicode escapes and classes', () => {
    expect(regex('^/wp-(admin|login)\\/')('/WP-Admin/x')).toBe(true);
    expect(regex('(?<name>bot)\\d+')('xbot42')).toBe(true);
    expect(regex('caf\\u00e9')('CAFÉ')).toBe(true);
    expect(regex('\\bbot\\b')('robot')).toBe(false);
    expect(regex('[^]x')('\nx')).toBe(true);
    expect(regex('^a{2,3}$')('aaaa')).toBe(false);
  });

  it.each([
    ['(a', '"(a" is not a valid regular expression (Unterminated group)'],
    ['x(?=y)', '"x(?=y)": lookahead, (?= or (?!, is not supported in filter patterns'],
    ['(?<!x)y', '"(?<!x)y": lookbehind, (?<= or (?<!, is not supported in filter patterns'],
    [
      '(?<n>a)\\k<n>',
      '"(?<n>a)\\k<n>": a backreference, like \\1 or \\k<name>, is not supported in filter patterns',
    ],
    ['a{1001}', '"a{1001}" cannot be used in filter patterns (invalid repeat count: `{1001}`)'],
  ])('refuse %s, naming why', (source, message) => {
    expect(problem(source)).toBe(message);
  });

  it('take escaped and bracketed lookaround characters as plain characters', () => {
    expect(regex('\\(?=x')('(=x')).toBe(true);
    expect(regex('[(?=]x')('=x')).toBe(true);
    expect(regex('[\\]1]\\\\1')('1\\1')).toBe(true);
  });
});

describe('URL globs', () => {
  it('match the whole text: * within a segment, ** across segments', () => {
    const one = compileGlob('/admin/*.php');
    expect(one('/admin/login.php')).toBe(true);
    expect(one('/admin/x/login.php')).toBe(false);
    expect(one('/admin/login.php5')).toBe(false);
    const any = compileGlob('/**/.env');
    expect(any('/a/b/.env')).toBe(true);
    expect(any('/a/b/xenv')).toBe(false);
  });

  it('take every other character literally, newlines and regex characters included', () => {
    expect(compileGlob('/a+b(c)?[d]$')('/a+b(c)?[d]$')).toBe(true);
    expect(compileGlob('/a+b')('/aab')).toBe(false);
    expect(compileGlob('/x/**')('/x/a\nb')).toBe(true);
  });

  it('answer a glob of many stars on a long path within the bound', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('*', '**', '/', 'a', 'x'), { minLength: 1, maxLength: 60 }),
        fc.constantFrom('a', 'a/', 'aa/a'),
        (parts, unit) => {
          const test = compileGlob(`/${parts.join('')}x`);
          const started = performance.now();
          test(`/${unit.repeat(5_000)}`);
          expect(performance.now() - started).toBeLessThan(BOUND_MS);
        },
      ),
      { numRuns: 60, seed: 20261128 },
    );
  });
});
