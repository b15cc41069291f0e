import { describe, expect, it } from 'vitest';
import { compileMatch, type CompiledMatch } from './compile-filters.js';
import { evaluateFilters, evaluateMatch, matchReasons } from './evaluate-filters.js';
import { describeCondition, joinReasons } from './condition-words.js';
import type { FilterMatch } from './filter-fields.js';
import { base } from './filters.cases.js';
import { usZipBase } from './us-zip.js';

const compiled = (match: FilterMatch): CompiledMatch => {
  const result = compileMatch(match);
  if (!result.ok) throw new Error(result.problems.map((p) => p.text).join('\n'));
  return result.match;
};
const one = (field: string, operator: string, value: unknown, negate?: boolean): FilterMatch => ({
  any: false,
  groups: [
    {
      any: false,
      conditions: [{ field, operator, value: value as never, ...(negate ? { negate } : {}) }],
    },
  ],
});
const matches = (match: FilterMatch, order = base) => evaluateMatch(compiled(match), order).matched;

describe('the conditions that made a filter match', () => {
  const vpnAndBig: FilterMatch = {
    any: false,
    groups: [
      {
        any: false,
        conditions: [
          { field: 'ipNetwork', operator: 'inList', value: ['vpn'] },
          { field: 'total', operator: 'greaterThan', value: 500 },
        ],
      },
    ],
  };

  it('names every condition of an all-of group, in the merchant’s words', () => {
    const order = { ...base, ipNetwork: ['vpn'] };
    const reasons = matchReasons(compiled(vpnAndBig), order);
    expect(reasons.map((r) => r.text)).toEqual([
      'IP network is a VPN',
      'Order total is greater than 500',
    ]);
    expect(joinReasons(reasons)).toBe('IP network is a VPN and Order total is greater than 500');
    const verdict = evaluateFilters([{ compiled: compiled(vpnAndBig) }], order);
    expect(verdict.matchedBy.map((r) => `${r.group}.${r.condition}`)).toEqual(['0.0', '0.1']);
  });

  it('names only the conditions that held in an any-of group, and only the groups that held', () => {
    const match: FilterMatch = {
      any: true,
      groups: [
        {
          any: true,
          conditions: [
            { field: 'email', operator: 'contains', value: 'nowhere' },
            { field: 'email', operator: 'contains', value: 'example' },
            { field: 'quantity', operator: 'greaterThan', value: 2 },
          ],
        },
        { any: false, conditions: [{ field: 'total', operator: 'lessThan', value: 10 }] },
        { any: false, conditions: [{ field: 'firstOrder', operator: 'is', value: true }] },
      ],
    };
    expect(joinReasons(matchReasons(compiled(match), base))).toBe(
      'Email contains "example", Quantity is greater than 2 and It is the customer’s first order',
    );
  });

  it('names nothing when the filter does not match', () => {
    expect(matchReasons(compiled(vpnAndBig), base)).toEqual([]);
  });
});

describe('a condition in words', () => {
  it.each([
    [
      { field: 'ipNetwork', operator: 'inList', value: ['vpn', 'tor'] },
      'IP network is a VPN or a Tor exit',
    ],
    [
      { field: 'ipNetwork', operator: 'inList', value: ['proxy'], negate: true },
      'IP network is not a proxy',
    ],
    [
      { field: 'shippingCountry', operator: 'inList', value: ['DE', 'FR'] },
      'Shipping country is Germany or France',
    ],
    [
      { field: 'billingCountry', operator: 'equals', value: 'US' },
      'Billing country is United States',
    ],
    [
      { field: 'browserIp', operator: 'inList', value: ['10.0.0.0/8'] },
      'Browser IP is in 10.0.0.0/8',
    ],
    [
      { field: 'emailDomain', operator: 'inList', value: ['a.com', 'b.com'] },
      'Email domain is one of "a.com", "b.com"',
    ],
    [{ field: 'zip', operator: 'inList', value: ['90210'] }, 'ZIP or postal code is "90210"'],
    [
      { field: 'sku', operator: 'inList', value: ['1', '2', '3', '4', '5', '6', '7'] },
      'SKU is one of "1", "2", "3", "4", "5" and 2 more',
    ],
    [
      { field: 'billingCountryDiffersFromShipping', operator: 'is', value: true },
      'Billing country differs from shipping country',
    ],
    [
      { field: 'billingZipDiffersFromShipping', operator: 'is', value: true, negate: true },
      'Billing ZIP is the shipping ZIP',
    ],
    [
      { field: 'billingDiffersFromShipping', operator: 'is', value: false },
      'Billing address is the shipping address',
    ],
    [{ field: 'total', operator: 'greaterThan', value: 500 }, 'Order total is greater than 500'],
    [
      { field: 'email', operator: 'contains', value: 'x', negate: true },
      'Email does not contain "x"',
    ],
  ])('%o reads "%s"', (condition, words) => {
    expect(describeCondition(condition)).toBe(words);
  });
});

describe('billing against shipping, part by part', () => {
  const home = { address1: '1 Main St', city: 'Springfield', zip: '62701', countryCode: 'US' };
  const gift = { ...home, address1: '9 Oak Ave' };
  const order = (billing: object | null, shipping: object | null) => ({
    ...base,
    billing,
    shipping,
  });

  it('a gift to another street of the same city is caught by whole-address only', () => {
    const o = order(home, gift);
    expect(matches(one('billingDiffersFromShipping', 'is', true), o)).toBe(true);
    expect(matches(one('billingCountryDiffersFromShipping', 'is', true), o)).toBe(false);
    expect(matches(one('billingCityDiffersFromShipping', 'is', true), o)).toBe(false);
    expect(matches(one('billingZipDiffersFromShipping', 'is', true), o)).toBe(false);
  });

  it('another country, city and ZIP each differ', () => {
    const o = order(home, {
      address1: '9 Rue de Rivoli',
      city: 'Paris',
      zip: '75001',
      countryCode: 'FR',
    });
    for (const field of [
      'billingCountryDiffersFromShipping',
      'billingCityDiffersFromShipping',
      'billingZipDiffersFromShipping',
    ]) {
      expect(matches(one(field, 'is', true), o), field).toBe(true);
      expect(matches(one(field, 'is', false), o), field).toBe(false);
    }
  });

  it('case and spaces do not make a city or a ZIP differ; a US ZIP+4 compares by its ZIP', () => {
    const o = order(home, { ...home, city: ' SPRINGFIELD', zip: '62701-4411' });
    expect(matches(one('billingCityDiffersFromShipping', 'is', false), o)).toBe(true);
    expect(matches(one('billingZipDiffersFromShipping', 'is', false), o)).toBe(true);
    expect(matches(one('billingDiffersFromShipping', 'is', false), o)).toBe(true);
  });

  it('a missing address or part is unknown: neither "differs" nor "is the same" holds', () => {
    for (const o of [
      order(home, null),
      order({ ...home, city: null }, gift),
      order({ ...home, city: ' ' }, gift),
    ]) {
      for (const value of [true, false]) {
        expect(matches(one('billingCityDiffersFromShipping', 'is', value), o)).toBe(false);
      }
    }
    expect(
      matches(one('billingZipDiffersFromShipping', 'is', true), order(home, { ...gift, zip: ' ' })),
    ).toBe(false);
    expect(
      matches(
        one('billingCountryDiffersFromShipping', 'is', false),
        order(home, { ...gift, countryCode: null }),
      ),
    ).toBe(false);
  });
});

describe('a listed ZIP and a US ZIP+4', () => {
  const shippedTo = (zip: string, countryCode: string | null = 'US') => ({
    ...base,
    billing: null,
    shipping: { address1: '1 Rodeo Dr', city: 'Beverly Hills', zip, countryCode },
  });

  it.each([
    ['90210-1234', 'US', true],
    ['90210 - 1234', 'US', true],
    ['90210-1234', 'PR', true],
    ['90210-1234', null, true],
    ['90210', 'US', true],
    ['90210 1234', 'US', true],
    ['902101234', 'US', true],
    ['902101234', null, false],
    ['90210-123', 'US', false],
    ['90210-1234', 'BR', false],
    ['90210-12345', 'US', false],
  ])('listed 90210 catches %s in %s: %s', (zip, country, caught) => {
    expect(matches(one('zip', 'inList', ['90210']), shippedTo(zip, country))).toBe(caught);
    expect(matches(one('zip', 'equals', '90210'), shippedTo(zip, country))).toBe(caught);
  });

  it('the ZIP+4 itself still matches as written, and "not in the list" holds for neither', () => {
    expect(matches(one('zip', 'equals', '90210-1234'), shippedTo('90210-1234'))).toBe(true);
    expect(matches(one('zip', 'equals', '90210-1234'), shippedTo('90210'))).toBe(false);
    expect(matches(one('zip', 'inList', ['90210'], true), shippedTo('90210-1234'))).toBe(false);
  });

  it('other countries’ codes with a dash are never shortened', () => {
    expect(usZipBase('100-0001', 'JP')).toBeNull();
    expect(usZipBase('01310-100', 'BR')).toBeNull();
    expect(usZipBase('12345-6789', 'DE')).toBeNull();
    expect(usZipBase('12345-6789', 'us')).toBe('12345');
  });
});
