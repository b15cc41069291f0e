// The auto-cancel filter language's vocabulary: the order fields a condition can test, the
// kind of value each holds, and the operators that fit each kind. A filter is data: named,
// in priority order, a match of one level of groups of conditions, each group all-of or
// any-of, the groups themselves joined all-of or any-of. This table is the one source of
// which operator fits which field: the compiler refuses any other pairing, and the admin
// builds its editor from it. No dependencies, so the contracts and the admin can read it.

export const FILTER_OPERATORS = [
  'equals',
  'contains',
  'startsWith',
  'inList',
  'greaterThan',
  'lessThan',
  'matches',
  'is',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  equals: 'equals',
  contains: 'contains',
  startsWith: 'starts with',
  inList: 'is in the list',
  greaterThan: 'is greater than',
  lessThan: 'is less than',
  matches: 'matches the pattern',
  is: 'is',
};

/** The same, turned around by a condition's `negate`. */
export const FILTER_NEGATED_OPERATOR_LABELS: Record<FilterOperator, string> = {
  equals: 'does not equal',
  contains: 'does not contain',
  startsWith: 'does not start with',
  inList: 'is not in the list',
  greaterThan: 'is not greater than',
  lessThan: 'is not less than',
  matches: 'does not match the pattern',
  is: 'is not',
};

/**
 * text: compared without regard to case or Unicode form; number: the shop's currency or a
 * count; boolean: a yes/no fact; ip: an address, listed as addresses or CIDR ranges; country:
 * ISO 3166 two-letter codes; network: the kinds of network the engine's data flags an
 * address as (hosting, vpn, proxy, tor).
 */
export const FILTER_VALUE_TYPES = [
  'text',
  'number',
  'boolean',
  'ip',
  'country',
  'network',
] as const;
export type FilterValueType = (typeof FILTER_VALUE_TYPES)[number];

/** The network kinds a condition may list (what the engine's network data can flag). */
export const FILTER_NETWORK_KINDS = ['hosting', 'vpn', 'proxy', 'tor'] as const;

const TEXT_OPS = ['equals', 'contains', 'startsWith', 'inList', 'matches'] as const;
const NUMBER_OPS = ['equals', 'greaterThan', 'lessThan'] as const;
const BOOLEAN_OPS = ['is'] as const;
const IP_OPS = ['equals', 'inList'] as const;
const COUNTRY_OPS = ['equals', 'inList'] as const;
const NETWORK_OPS = ['inList'] as const;

export interface FilterFieldInfo {
  key: string;
  label: string;
  valueType: FilterValueType;
  operators: readonly FilterOperator[];
  /** True when the order has several values (line items, tags…): any one matching is enough. */
  many: boolean;
  /** What the field reads, for the editor's help text. */
  help: string;
  /** A yes/no fact in words, when it holds and when it does not. */
  words?: { yes: string; no: string };
}

const field = <K extends string>(
  key: K,
  label: string,
  valueType: FilterValueType,
  operators: readonly FilterOperator[],
  help: string,
  many = false,
) => ({ key, label, valueType, operators, help, many }) as const;

/** A yes/no fact, with what it says when it holds and when it does not. */
const fact = <K extends string>(key: K, label: string, help: string, yes: string, no: string) =>
  ({ ...field(key, label, 'boolean', BOOLEAN_OPS, help), words: { yes, no } }) as const;

export const FILTER_FIELDS = [
  field('email', 'Email', 'text', TEXT_OPS, 'The order’s contact email.'),
  field('emailDomain', 'Email domain', 'text', TEXT_OPS, 'What follows the @ in the email.'),
  field('phone', 'Phone', 'text', TEXT_OPS, 'The order’s phone; compared by its digits.'),
  field('customerName', 'Customer name', 'text', TEXT_OPS, 'First and last name on the order.'),
  fact(
    'nameRepeated',
    'First name equals last name',
    'The first and last names are the same word.',
    'First name equals last name',
    'First name differs from last name',
  ),
  field('browserIp', 'Browser IP', 'ip', IP_OPS, 'The address the order was placed from.'),
  field(
    'browserIpCountry',
    'Browser IP country',
    'country',
    COUNTRY_OPS,
    'The country of that address.',
  ),
  field('billingCountry', 'Billing country', 'country', COUNTRY_OPS, 'Of the billing address.'),
  field('shippingCountry', 'Shipping country', 'country', COUNTRY_OPS, 'Of the shipping address.'),
  field(
    'province',
    'Province or state',
    'text',
    TEXT_OPS,
    'Of the billing or the shipping address (either matching is enough); name or code.',
    true,
  ),
  field(
    'zip',
    'ZIP or postal code',
    'text',
    TEXT_OPS,
    'Of the billing or the shipping address (either matching is enough); spaces do not matter, and a US ZIP+4 like 90210-1234 also matches its ZIP 90210.',
    true,
  ),
  field(
    'address',
    'Address',
    'text',
    TEXT_OPS,
    'Street lines and city of the billing or the shipping address (either matching is enough).',
    true,
  ),
  field('total', 'Order total', 'number', NUMBER_OPS, 'In the shop’s currency.'),
  field('quantity', 'Quantity', 'number', NUMBER_OPS, 'Items ordered, all lines together.'),
  field('sku', 'SKU', 'text', TEXT_OPS, 'Any line item’s SKU.', true),
  field('discountCode', 'Discount code', 'text', TEXT_OPS, 'Any discount code used.', true),
  field('gateway', 'Payment gateway', 'text', TEXT_OPS, 'Any payment gateway used.', true),
  fact(
    'firstOrder',
    'First order',
    'The customer’s first order.',
    'It is the customer’s first order',
    'It is not the customer’s first order',
  ),
  fact(
    'billingDiffersFromShipping',
    'Billing ≠ shipping',
    'The billing and shipping addresses differ (street, city, ZIP, province or country).',
    'Billing address differs from shipping address',
    'Billing address is the shipping address',
  ),
  fact(
    'billingCountryDiffersFromShipping',
    'Billing country ≠ shipping country',
    'The billing and shipping addresses are in different countries.',
    'Billing country differs from shipping country',
    'Billing country is the shipping country',
  ),
  fact(
    'billingCityDiffersFromShipping',
    'Billing city ≠ shipping city',
    'The billing and shipping cities differ (case and spaces aside).',
    'Billing city differs from shipping city',
    'Billing city is the shipping city',
  ),
  fact(
    'billingZipDiffersFromShipping',
    'Billing ZIP ≠ shipping ZIP',
    'The billing and shipping ZIP or postal codes differ (spaces aside; a US ZIP+4 by its 5-digit ZIP).',
    'Billing ZIP differs from shipping ZIP',
    'Billing ZIP is the shipping ZIP',
  ),
  fact(
    'ipCountryDiffersFromShipping',
    'IP country ≠ shipping country',
    'The browser IP’s country is not the shipping country.',
    'IP country differs from shipping country',
    'IP country is the shipping country',
  ),
  field(
    'ipNetwork',
    'IP network',
    'network',
    NETWORK_OPS,
    'The browser IP is flagged as hosting, VPN, proxy or Tor by Gatehouse’s network data.',
  ),
  field('orderTags', 'Order tags', 'text', TEXT_OPS, 'Any of the order’s tags.', true),
] as const satisfies readonly FilterFieldInfo[];

export type FilterFieldKey = (typeof FILTER_FIELDS)[number]['key'];
export const FILTER_FIELD_KEYS = FILTER_FIELDS.map((f) => f.key) as [
  FilterFieldKey,
  ...FilterFieldKey[],
];

const BY_KEY = new Map<string, FilterFieldInfo>(FILTER_FIELDS.map((f) => [f.key, f]));

export function filterField(key: string): FilterFieldInfo | undefined {
  return BY_KEY.get(key);
}

/** Bounds of a filter, so one save and one order's evaluation stay small. */
export const FILTER_LIMITS = {
  groups: 10,
  conditionsPerGroup: 20,
  listEntries: 500,
  textLength: 200,
  patternLength: 200,
  filtersPerShop: 50,
  nameLength: 80,
} as const;

/** A condition as stored: the field, the operator and its value; `negate` turns it around. */
export interface FilterCondition {
  field: string;
  operator: string;
  value: string | number | boolean | string[];
  negate?: boolean;
}

export interface FilterGroup {
  /** True: any one condition is enough; false: all must hold. */
  any: boolean;
  conditions: FilterCondition[];
}

export interface FilterMatch {
  /** True: any one group is enough; false: all groups must hold. */
  any: boolean;
  groups: FilterGroup[];
}

/** Where a condition sits in a filter: both counted from 0. */
export interface ConditionRef {
  group: number;
  condition: number;
}

/** A condition that made a filter match, with its words. */
export interface ConditionReason extends ConditionRef {
  text: string;
}

/**
 * Why a filter refused to compile, for the editor to show beside what it is about: `path`
 * leads from the match to the part at fault (["groups", 0, "conditions", 1, "value"]),
 * `message` says what to do, `text` is the whole sentence naming the filter and the condition.
 */
export interface FilterProblem {
  path: (string | number)[];
  code: FilterProblemCode;
  message: string;
  text: string;
}

export type FilterProblemCode =
  | 'no_groups'
  | 'too_many_groups'
  | 'empty_group'
  | 'too_many_conditions'
  | 'invalid_condition'
  | 'unknown_field'
  | 'operator_mismatch'
  | 'invalid_value'
  | 'empty_list'
  | 'invalid_pattern'
  | 'invalid_ip'
  | 'invalid_country'
  | 'invalid_network';
