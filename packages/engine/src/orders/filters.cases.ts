// A table, past the usual file size on purpose: one row per case, read top to bottom.
// The filter language's decision table: an order, a filter's match, and what evaluation must
// answer (matched or not, and the deciding condition as "group.condition", counted from 1),
// or the compiler's refusal (a piece of its message). Shared by the engine's unit test and the
// benchmark's sanity check.
import type { FilterCondition, FilterMatch } from './filter-fields.js';
import type { OrderFacts } from './order-facts.js';

export interface FilterCase {
  name: string;
  order: OrderFacts;
  match: FilterMatch;
  /** "1.2": group 1, condition 2 decided; null: no deciding condition. */
  expect?: { matched: boolean; decidedBy: string | null };
  /** A piece of the compiler's message. */
  refused?: string;
}

const c = (
  field: string,
  operator: string,
  value: FilterCondition['value'],
  negate?: boolean,
): FilterCondition =>
  negate === undefined ? { field, operator, value } : { field, operator, value, negate };
const all = (...conditions: FilterCondition[]): FilterMatch => ({
  any: false,
  groups: [{ any: false, conditions }],
});
const any = (...conditions: FilterCondition[]): FilterMatch => ({
  any: false,
  groups: [{ any: true, conditions }],
});
const yes = (decidedBy: string) => ({ matched: true, decidedBy });
const no = (decidedBy: string) => ({ matched: false, decidedBy });

const home = {
  address1: '1 Main St',
  city: 'Springfield',
  zip: '62701',
  countryCode: 'US',
  provinceCode: 'IL',
  province: 'Illinois',
};
const away = {
  address1: '9 Rue de Rivoli',
  city: 'Paris',
  zip: '75001',
  countryCode: 'FR',
  province: 'Île-de-France',
};

export const base: OrderFacts = {
  email: 'Buyer@Example.com',
  phone: '+1 (555) 010-7788',
  firstName: 'Ann',
  lastName: 'Lee',
  browserIp: '203.0.113.7',
  browserIpCountry: 'DE',
  ipNetwork: [],
  billing: home,
  shipping: away,
  total: 640.5,
  quantity: 3,
  skus: ['SKU-RED-1', 'GIFT-CARD'],
  discountCodes: ['WELCOME10'],
  gateways: ['bogus'],
  tags: ['wholesale'],
  firstOrder: true,
};

export const filterCases: FilterCase[] = [
  // The example: billing differs AND total over 500.
  {
    name: 'billing ≠ shipping and total > 500 catches a big order shipped elsewhere',
    order: base,
    match: all(c('billingDiffersFromShipping', 'is', true), c('total', 'greaterThan', 500)),
    expect: yes('1.2'),
  },
  {
    name: 'same example, the total under 500 decides the miss',
    order: { ...base, total: 499.99 },
    match: all(c('billingDiffersFromShipping', 'is', true), c('total', 'greaterThan', 500)),
    expect: no('1.2'),
  },
  {
    name: 'same addresses (case and spaces aside) are not different',
    order: { ...base, shipping: { ...home, city: 'SPRINGFIELD ', zip: '627 01' } },
    match: all(c('billingDiffersFromShipping', 'is', true)),
    expect: no('1.1'),
  },
  {
    name: 'no shipping address: billing ≠ shipping is unknown, and never holds',
    order: { ...base, shipping: null },
    match: all(c('billingDiffersFromShipping', 'is', false)),
    expect: no('1.1'),
  },
  // Text: case, Unicode form, lists, patterns.
  {
    name: 'email equals ignores case',
    order: base,
    match: all(c('email', 'equals', 'buyer@example.COM')),
    expect: yes('1.1'),
  },
  {
    name: 'email contains',
    order: base,
    match: all(c('email', 'contains', 'example')),
    expect: yes('1.1'),
  },
  {
    name: 'email starts with',
    order: base,
    match: all(c('email', 'startsWith', 'buyer@')),
    expect: yes('1.1'),
  },
  {
    name: 'email starts with, no match',
    order: base,
    match: all(c('email', 'startsWith', 'example')),
    expect: no('1.1'),
  },
  {
    name: 'unicode email in another normal form (NFD é) equals its NFC spelling',
    order: { ...base, email: 'Rene\u0301@café.fr' },
    match: all(c('email', 'equals', 'rené@café.fr')),
    expect: yes('1.1'),
  },
  {
    name: 'an email domain in Unicode matches its punycode listing',
    order: { ...base, email: 'kunde@Bücher.de' },
    match: all(c('emailDomain', 'inList', ['xn--bcher-kva.de', 'example.org'])),
    expect: yes('1.1'),
  },
  {
    name: 'a listed domain written with @ still matches',
    order: base,
    match: all(c('emailDomain', 'inList', ['@EXAMPLE.com'])),
    expect: yes('1.1'),
  },
  {
    name: 'email domain is what follows the last @',
    order: { ...base, email: '"a@b"@mailinator.com' },
    match: all(c('emailDomain', 'equals', 'mailinator.com')),
    expect: yes('1.1'),
  },
  {
    name: 'missing email never matches',
    order: { ...base, email: null },
    match: all(c('email', 'contains', 'a')),
    expect: no('1.1'),
  },
  {
    name: 'missing email never matches, negated either',
    order: { ...base, email: undefined },
    match: all(c('email', 'contains', 'a', true)),
    expect: no('1.1'),
  },
  {
    name: 'negated contains',
    order: base,
    match: all(c('email', 'contains', 'gmail', true)),
    expect: yes('1.1'),
  },
  {
    name: 'email matches a pattern',
    order: base,
    match: all(c('email', 'matches', '^[a-z]+@example\\.(com|org)$')),
    expect: yes('1.1'),
  },
  {
    name: 'nested repetition is answered on a long email without backtracking',
    order: { ...base, email: `${'a'.repeat(5000)}@example.com` },
    match: all(c('email', 'matches', '(a+)+$|a*a*a*a*a*a*a*a*a*a*a*a*!')),
    expect: no('1.1'),
  },
  {
    name: 'repeated alternatives match as written',
    order: { ...base, email: 'abab@example.com' },
    match: all(c('email', 'matches', '^(a|ab)*@')),
    expect: yes('1.1'),
  },
  {
    name: 'phone compares by digits',
    order: base,
    match: all(c('phone', 'equals', '15550107788')),
    expect: yes('1.1'),
  },
  {
    name: 'phone starts with a country code',
    order: base,
    match: all(c('phone', 'startsWith', '+1 555')),
    expect: yes('1.1'),
  },
  {
    name: 'phone pattern sees it as written',
    order: base,
    match: all(c('phone', 'matches', '^\\+1 \\(555\\)')),
    expect: yes('1.1'),
  },
  {
    name: 'customer name contains',
    order: base,
    match: all(c('customerName', 'equals', 'ann lee')),
    expect: yes('1.1'),
  },
  {
    name: 'customer name falls back to the billing names',
    order: {
      ...base,
      firstName: null,
      lastName: null,
      billing: { ...home, firstName: 'Zed', lastName: 'Quux' },
    },
    match: all(c('customerName', 'equals', 'Zed Quux')),
    expect: yes('1.1'),
  },
  {
    name: 'first name equals last name',
    order: { ...base, firstName: 'Test', lastName: 'TEST' },
    match: all(c('nameRepeated', 'is', true)),
    expect: yes('1.1'),
  },
  {
    name: 'first name differs from last name',
    order: base,
    match: all(c('nameRepeated', 'is', true)),
    expect: no('1.1'),
  },
  {
    name: 'no last name: the name test is unknown',
    order: { ...base, lastName: '' },
    match: all(c('nameRepeated', 'is', false)),
    expect: no('1.1'),
  },
  // IP addresses and countries.
  {
    name: 'browser IP equals',
    order: base,
    match: all(c('browserIp', 'equals', '203.0.113.7')),
    expect: yes('1.1'),
  },
  {
    name: 'browser IP in a CIDR range',
    order: base,
    match: all(c('browserIp', 'inList', ['198.51.100.0/24', '203.0.113.0/24'])),
    expect: yes('1.1'),
  },
  {
    name: 'browser IP outside the ranges',
    order: base,
    match: all(c('browserIp', 'inList', ['198.51.100.0/24'])),
    expect: no('1.1'),
  },
  {
    name: 'IPv6 browser IP in an IPv6 range, written differently',
    order: { ...base, browserIp: '2001:DB8:0:0::42' },
    match: all(c('browserIp', 'inList', ['2001:db8::/32'])),
    expect: yes('1.1'),
  },
  {
    name: 'an IPv6 address never falls in an IPv4 range',
    order: { ...base, browserIp: '::1' },
    match: all(c('browserIp', 'inList', ['0.0.0.0/1'])),
    expect: no('1.1'),
  },
  {
    name: 'an IPv4-mapped IPv6 address is its IPv4 address',
    order: { ...base, browserIp: '::ffff:203.0.113.7' },
    match: all(c('browserIp', 'equals', '203.0.113.7')),
    expect: yes('1.1'),
  },
  {
    name: 'garbage browser IP is missing',
    order: { ...base, browserIp: 'not-an-ip' },
    match: all(c('browserIp', 'inList', ['0.0.0.0/0'], true)),
    expect: no('1.1'),
  },
  {
    name: 'browser IP country in list, lower case accepted',
    order: base,
    match: all(c('browserIpCountry', 'inList', ['de', 'AT'])),
    expect: yes('1.1'),
  },
  {
    name: 'billing country equals',
    order: base,
    match: all(c('billingCountry', 'equals', 'US')),
    expect: yes('1.1'),
  },
  {
    name: 'shipping country not in list',
    order: base,
    match: all(c('shippingCountry', 'inList', ['US', 'CA'], true)),
    expect: yes('1.1'),
  },
  {
    name: 'IP country ≠ shipping country',
    order: base,
    match: all(c('ipCountryDiffersFromShipping', 'is', true)),
    expect: yes('1.1'),
  },
  {
    name: 'IP country unknown: the difference is unknown',
    order: { ...base, browserIpCountry: null },
    match: all(c('ipCountryDiffersFromShipping', 'is', false)),
    expect: no('1.1'),
  },
  {
    name: 'IP flagged as VPN or Tor',
    order: { ...base, ipNetwork: ['hosting', 'tor'] },
    match: all(c('ipNetwork', 'inList', ['vpn', 'tor'])),
    expect: yes('1.1'),
  },
  {
    name: 'IP not flagged',
    order: base,
    match: all(c('ipNetwork', 'inList', ['vpn', 'tor'])),
    expect: no('1.1'),
  },
  {
    name: 'IP network unknown never matches',
    order: { ...base, ipNetwork: null },
    match: all(c('ipNetwork', 'inList', ['vpn'], true)),
    expect: no('1.1'),
  },
  // Addresses: either address is enough.
  {
    name: 'province by code, of the billing address',
    order: base,
    match: all(c('province', 'equals', 'il')),
    expect: yes('1.1'),
  },
  {
    name: 'province by name with accents, of the shipping address',
    order: base,
    match: all(c('province', 'equals', 'île-de-france')),
    expect: yes('1.1'),
  },
  {
    name: 'zip without spaces',
    order: { ...base, shipping: { ...away, zip: 'SW1A 1AA' } },
    match: all(c('zip', 'inList', ['sw1a1aa'])),
    expect: yes('1.1'),
  },
  {
    name: 'zip starts with',
    order: base,
    match: all(c('zip', 'startsWith', '627')),
    expect: yes('1.1'),
  },
  {
    name: 'address contains the street',
    order: base,
    match: all(c('address', 'contains', 'rue de rivoli')),
    expect: yes('1.1'),
  },
  {
    name: 'no addresses: address conditions never hold',
    order: { ...base, billing: null, shipping: null },
    match: all(c('address', 'contains', 'x', true)),
    expect: no('1.1'),
  },
  // Numbers.
  {
    name: 'total equals to the cent',
    order: base,
    match: all(c('total', 'equals', 640.5)),
    expect: yes('1.1'),
  },
  {
    name: 'total less than',
    order: base,
    match: all(c('total', 'lessThan', 640.5)),
    expect: no('1.1'),
  },
  {
    name: 'quantity greater than',
    order: base,
    match: all(c('quantity', 'greaterThan', 2)),
    expect: yes('1.1'),
  },
  {
    name: 'missing total never holds, negated either',
    order: { ...base, total: null },
    match: all(c('total', 'greaterThan', 1, true)),
    expect: no('1.1'),
  },
  {
    name: 'a total sent as text is missing',
    order: { ...base, total: '900' as unknown as number },
    match: all(c('total', 'greaterThan', 1)),
    expect: no('1.1'),
  },
  // Many-valued fields.
  {
    name: 'any SKU starts with',
    order: base,
    match: all(c('sku', 'startsWith', 'gift-')),
    expect: yes('1.1'),
  },
  {
    name: 'no SKU in list',
    order: base,
    match: all(c('sku', 'inList', ['SKU-BLUE'])),
    expect: no('1.1'),
  },
  {
    name: 'negated SKU list: none of them',
    order: base,
    match: all(c('sku', 'inList', ['SKU-BLUE'], true)),
    expect: yes('1.1'),
  },
  {
    name: 'a null SKU among them is skipped',
    order: { ...base, skus: [null, 'A'] },
    match: all(c('sku', 'equals', 'a')),
    expect: yes('1.1'),
  },
  {
    name: 'discount code equals',
    order: base,
    match: all(c('discountCode', 'equals', 'welcome10')),
    expect: yes('1.1'),
  },
  {
    name: 'gateway in list',
    order: base,
    match: all(c('gateway', 'inList', ['Bogus', 'manual'])),
    expect: yes('1.1'),
  },
  {
    name: 'order tags contain',
    order: base,
    match: all(c('orderTags', 'contains', 'sale')),
    expect: yes('1.1'),
  },
  {
    name: 'an order without tags is not tagged',
    order: { ...base, tags: [] },
    match: all(c('orderTags', 'equals', 'vip', true)),
    expect: yes('1.1'),
  },
  { name: 'first order', order: base, match: all(c('firstOrder', 'is', true)), expect: yes('1.1') },
  {
    name: 'returning customer',
    order: { ...base, firstOrder: false },
    match: all(c('firstOrder', 'is', true)),
    expect: no('1.1'),
  },
  // Groups and the deciding condition.
  {
    name: 'all-of: the first failing condition decides',
    order: base,
    match: all(
      c('total', 'greaterThan', 100),
      c('quantity', 'greaterThan', 10),
      c('email', 'contains', 'zzz'),
    ),
    expect: no('1.2'),
  },
  {
    name: 'any-of: the first holding condition decides',
    order: base,
    match: any(
      c('total', 'greaterThan', 10_000),
      c('quantity', 'greaterThan', 2),
      c('email', 'contains', 'buyer'),
    ),
    expect: yes('1.2'),
  },
  {
    name: 'any-of: none holding, the last decides',
    order: base,
    match: any(c('total', 'greaterThan', 10_000), c('quantity', 'greaterThan', 20)),
    expect: no('1.2'),
  },
  {
    name: 'groups any-of: the second group holds',
    order: base,
    match: {
      any: true,
      groups: [
        { any: false, conditions: [c('shippingCountry', 'equals', 'US')] },
        {
          any: false,
          conditions: [c('billingCountry', 'equals', 'US'), c('firstOrder', 'is', true)],
        },
      ],
    },
    expect: yes('2.2'),
  },
  {
    name: 'groups all-of: the second group fails',
    order: base,
    match: {
      any: false,
      groups: [
        {
          any: true,
          conditions: [
            c('total', 'greaterThan', 5000),
            c('ipNetwork', 'inList', ['tor']),
            c('total', 'greaterThan', 600),
          ],
        },
        {
          any: true,
          conditions: [c('shippingCountry', 'equals', 'US'), c('billingCountry', 'equals', 'FR')],
        },
      ],
    },
    expect: no('2.2'),
  },
  {
    name: 'an empty order matches nothing',
    order: {},
    match: all(c('total', 'lessThan', 1, true)),
    expect: no('1.1'),
  },
  {
    name: 'a null order matches nothing',
    order: null as unknown as OrderFacts,
    match: all(c('email', 'contains', '@')),
    expect: no('1.1'),
  },
  // Refusals.
  {
    name: 'unknown field',
    order: base,
    match: all(c('colour', 'equals', 'red')),
    refused: 'Group 1, condition 1 (colour equals "red"): "colour" is not an order field',
  },
  {
    name: 'operator that does not fit',
    order: base,
    match: all(c('total', 'contains', '5')),
    refused: '"contains" does not fit Order total',
  },
  {
    name: 'empty group',
    order: base,
    match: {
      any: false,
      groups: [
        { any: false, conditions: [c('total', 'greaterThan', 1)] },
        { any: true, conditions: [] },
      ],
    },
    refused: 'Group 2 is empty',
  },
  {
    name: 'no groups',
    order: base,
    match: { any: false, groups: [] },
    refused: 'Add at least one group',
  },
  {
    name: 'lookahead cannot run in linear time',
    order: base,
    match: all(c('email', 'matches', '^(?!.*@example)')),
    refused: 'lookahead, (?= or (?!, is not supported in filter patterns.',
  },
  {
    name: 'a backreference cannot run in linear time',
    order: base,
    match: all(c('email', 'matches', '^(.+)@\\1\\.com$')),
    refused: 'a backreference, like \\1 or \\k<name>, is not supported in filter patterns.',
  },
  {
    name: 'a pattern that does not parse',
    order: base,
    match: all(c('email', 'matches', '([a-z')),
    refused: 'is not a valid regular expression',
  },
  {
    name: 'bad number',
    order: base,
    match: all(c('total', 'greaterThan', '500')),
    refused: 'Enter a number',
  },
  {
    name: 'bad IP',
    order: base,
    match: all(c('browserIp', 'equals', '1.2.3.256')),
    refused: '"1.2.3.256" is not an IP address',
  },
  {
    name: 'bad CIDR, with the network meant',
    order: base,
    match: all(c('browserIp', 'inList', ['10.0.0.1/8'])),
    refused: 'did you mean 10.0.0.0/8',
  },
  {
    name: 'bad country code',
    order: base,
    match: all(c('billingCountry', 'inList', ['US', 'XX'])),
    refused: '"XX" is not one of the two-letter country codes',
  },
  {
    name: 'unknown network kind',
    order: base,
    match: all(c('ipNetwork', 'inList', ['satellite'])),
    refused: 'network kinds',
  },
  {
    name: 'empty list',
    order: base,
    match: all(c('sku', 'inList', [' '])),
    refused: 'The list is empty',
  },
  {
    name: 'empty text',
    order: base,
    match: all(c('email', 'contains', '  ')),
    refused: 'Enter a value',
  },
  {
    name: 'boolean field given text',
    order: base,
    match: all(c('firstOrder', 'is', 'yes')),
    refused: 'Choose yes or no',
  },
  {
    name: 'phone without digits',
    order: base,
    match: all(c('phone', 'equals', 'call me')),
    refused: 'phone number with digits',
  },
];
