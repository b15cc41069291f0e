import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMatch } from './compile-filters.js';
import { FILTER_FIELDS, FILTER_OPERATORS } from './filter-fields.js';
import { checkIpEntry } from './ip-entry.js';

describe('a refused filter says where each problem is', () => {
  it('gives a path to each condition’s value, with a code and the problem alone', () => {
    const result = compileMatch(
      {
        any: false,
        groups: [
          {
            any: false,
            conditions: [
              { field: 'email', operator: 'matches', value: '(?<=a)b' },
              { field: 'browserIp', operator: 'inList', value: ['10.0.0.1', '300.1.1.1'] },
              { field: 'nope', operator: 'equals', value: 'x' },
              { field: 'total', operator: 'contains', value: 'x' },
            ],
          },
          { any: true, conditions: [] },
        ],
      },
      'Risky',
    );
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((p) => [p.path, p.code])).toEqual([
      [['groups', 0, 'conditions', 0, 'value'], 'invalid_pattern'],
      [['groups', 0, 'conditions', 1, 'value', 1], 'invalid_ip'],
      [['groups', 0, 'conditions', 2, 'field'], 'unknown_field'],
      [['groups', 0, 'conditions', 3, 'operator'], 'operator_mismatch'],
      [['groups', 1, 'conditions'], 'empty_group'],
    ]);
    expect(problems[1]?.message).toBe('"300.1.1.1" is not an IP address or CIDR range.');
    expect(problems[1]?.text).toBe(
      'Filter "Risky": Group 1, condition 2 (Browser IP is in 10.0.0.1 or 300.1.1.1): "300.1.1.1" is not an IP address or CIDR range.',
    );
    expect(problems[4]?.text).toBe(
      'Filter "Risky": Group 2 is empty. Add a condition to it or remove it.',
    );
  });

  it('checks an IP entry as the editor does', () => {
    expect(checkIpEntry('10.0.0.0/8').ok).toBe(true);
    expect(checkIpEntry(' 2001:db8::/32 ').ok).toBe(true);
    expect(checkIpEntry('10.0.0.1/8')).toEqual({
      ok: false,
      problem: '"10.0.0.1/8" is not an IP address or CIDR range (did you mean 10.0.0.0/8?).',
    });
  });
});

describe('a refused filter, whatever it holds', () => {
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.boolean(),
    fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('10.0.0.0/8', 'US', 'vpn'))),
    fc.constant(null),
  );
  const condition = fc.record({
    field: fc.oneof(fc.constantFrom(...FILTER_FIELDS.map((f) => f.key)), fc.string()),
    operator: fc.oneof(fc.constantFrom(...FILTER_OPERATORS), fc.string()),
    value,
    negate: fc.boolean(),
  });
  const match = fc.record({
    any: fc.boolean(),
    groups: fc.array(
      fc.record({
        any: fc.boolean(),
        conditions: fc.array(fc.oneof(condition, fc.constant(null)), { maxLength: 4 }),
      }),
      { maxLength: 3 },
    ),
  });

  it('never throws, and every problem’s path leads into the match', () => {
    fc.assert(
      fc.property(match, (m) => {
        const result = compileMatch(m as never);
        if (result.ok) return;
        for (const problem of result.problems) {
          // The path leads to something the match holds, or to the place where it was missing.
          const parent = problem.path
            .slice(0, -1)
            .reduce<unknown>((at, key) => (at as Record<string | number, unknown>)?.[key], m);
          expect(parent, JSON.stringify(problem)).not.toBeUndefined();
          expect(problem.message.length).toBeGreaterThan(0);
          expect(problem.text.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
