import { describe, expect, it } from 'vitest';
import { compileMatch, type CompiledMatch } from './compile-filters.js';
import { describeDecider, evaluateFilters, evaluateMatch } from './evaluate-filters.js';
import { FILTER_FIELDS, FILTER_OPERATORS, type FilterMatch } from './filter-fields.js';
import { base, filterCases } from './filters.cases.js';

const compiled = (match: FilterMatch): CompiledMatch => {
  const result = compileMatch(match);
  if (!result.ok) throw new Error(result.problems.map((p) => p.text).join('\n'));
  return result.match;
};

describe('auto-cancel filter language', () => {
  it.each(filterCases.filter((c) => c.expect))('$name', ({ order, match, expect: want }) => {
    const verdict = evaluateMatch(compiled(match), order);
    const ref = verdict.decidedBy;
    expect({
      matched: verdict.matched,
      decidedBy: ref === null ? null : `${ref.group + 1}.${ref.condition + 1}`,
    }).toEqual(want);
  });

  it.each(filterCases.filter((c) => c.refused))('refuses: $name', ({ match, refused }) => {
    const result = compileMatch(match, 'Risky');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.map((p) => p.text).join('\n')).toContain(refused);
      expect(result.problems[0]?.text).toMatch(/^Filter "Risky": /);
    }
  });

  it('lists every problem of a filter, not only the first', () => {
    const result = compileMatch({
      any: false,
      groups: [
        { any: false, conditions: [{ field: 'nope', operator: 'equals', value: 'x' }] },
        { any: false, conditions: [] },
      ],
    });
    expect(result.ok ? [] : result.problems).toHaveLength(2);
  });

  it('tries filters in priority order; the first match wins and says why', () => {
    const filters = [
      {
        id: 'a',
        compiled: compiled({
          any: false,
          groups: [
            {
              any: false,
              conditions: [{ field: 'total', operator: 'greaterThan', value: 10_000 }],
            },
          ],
        }),
      },
      {
        id: 'b',
        compiled: compiled({
          any: false,
          groups: [
            {
              any: true,
              conditions: [
                { field: 'quantity', operator: 'lessThan', value: 1 },
                { field: 'email', operator: 'contains', value: 'example' },
              ],
            },
          ],
        }),
      },
      {
        id: 'c',
        compiled: compiled({
          any: false,
          groups: [
            { any: false, conditions: [{ field: 'total', operator: 'greaterThan', value: 1 }] },
          ],
        }),
      },
    ];
    const verdict = evaluateFilters(filters, base);
    expect(verdict.filter?.id).toBe('b');
    expect(verdict.decidedBy).toEqual({ group: 0, condition: 1, text: 'Email contains "example"' });
    expect(evaluateFilters(filters.slice(0, 1), base)).toEqual({
      filter: null,
      decidedBy: null,
      matchedBy: [],
      monitored: [],
    });
  });

  it('a monitor filter never takes the order from an enforcing one; it is reported beside it', () => {
    const emailHas = (value: string): CompiledMatch =>
      compiled({
        any: false,
        groups: [{ any: false, conditions: [{ field: 'email', operator: 'contains', value }] }],
      });
    const watch = { id: 'watch', monitor: true, compiled: emailHas('example') };
    const nope = { id: 'nope', monitor: true, compiled: emailHas('nowhere') };
    const risky = { id: 'risky', monitor: false, compiled: emailHas('example') };
    const later = { id: 'later', monitor: true, compiled: emailHas('example') };
    const verdict = evaluateFilters([watch, nope, risky, later], base);
    expect(verdict.filter?.id).toBe('risky');
    expect(verdict.decidedBy?.text).toBe('Email contains "example"');
    // Only the monitor filters above the acting one: on, those below would find it taken.
    expect(verdict.monitored.map((m) => m.filter.id)).toEqual(['watch']);
    expect(verdict.monitored[0]?.decidedBy?.text).toBe('Email contains "example"');
    // With no enforcing filter catching the order, every monitor filter that does is reported.
    const watching = evaluateFilters([watch, nope, later], base);
    expect(watching.filter).toBeNull();
    expect(watching.monitored.map((m) => m.filter.id)).toEqual(['watch', 'later']);
  });

  it('never throws, whatever the order holds', () => {
    const match = compiled({
      any: true,
      groups: [
        {
          any: true,
          conditions: FILTER_FIELDS.map((f) => ({
            field: f.key,
            operator: f.operators[0]!,
            value:
              f.valueType === 'number'
                ? 1
                : f.valueType === 'boolean'
                  ? true
                  : f.valueType === 'ip'
                    ? '203.0.113.7'
                    : f.valueType === 'country'
                      ? 'US'
                      : f.valueType === 'network'
                        ? ['tor']
                        : '5',
          })).slice(0, 20),
        },
      ],
    });
    const weird: unknown[] = [
      undefined,
      42,
      'order',
      [],
      {
        email: 7,
        phone: {},
        billing: 'here',
        shipping: [1],
        skus: 'A',
        tags: [1, null],
        total: NaN,
      },
      { browserIp: '999.1.1.1', ipNetwork: 'tor', firstOrder: 'yes', quantity: Infinity },
      Object.create(null),
    ];
    for (const order of weird) {
      expect(() => evaluateMatch(match, order as never)).not.toThrow();
      expect(evaluateMatch(match, order as never).matched).toBe(false);
    }
  });

  it('every field names operators the language knows', () => {
    for (const field of FILTER_FIELDS) {
      expect(field.operators.length).toBeGreaterThan(0);
      for (const op of field.operators) expect(FILTER_OPERATORS).toContain(op);
    }
  });

  it('describes the deciding condition, negated too', () => {
    const match = compiled({
      any: false,
      groups: [
        {
          any: false,
          conditions: [{ field: 'sku', operator: 'inList', value: ['A', 'B'], negate: true }],
        },
      ],
    });
    expect(describeDecider(match, { group: 0, condition: 0 })?.text).toBe(
      'SKU is none of "A", "B"',
    );
  });
});
