// The light entry of @gatehouse/engine (`@gatehouse/engine/values`): the values rules are
// written in (IP addresses and CIDR ranges, AS numbers, ISP names, referrer domains, bot
// categories, countries), the first check of a merchant's regular expression, and the network kinds a visit records, parsed and checked the way
// the engine does, with no geo data and no dependencies, for the contracts and the admin.
export * from './ip/ip-address.js';
export * from './ip/ip-range.js';
export { RESERVED_V4_BLOCKS } from './ip/reserved.js';
export * from './rules/asn.js';
export * from './rules/referrer.js';
export * from './rules/bot-categories.js';
export * from './rules/url-patterns.js';
export * from './rules/redirect-url.js';
export * from './patterns/regex-syntax.js';
export { normalizeIspName } from './matchers/org-words.js';
export * from './rules/countries.js';
export * from './rules/country-codes.js';
export * from './rules/geo-redirect-limit.js';
export * from './network/network-flags.js';
export * from './orders/filter-fields.js';
export * from './orders/condition-words.js';
export * from './ip/list-range.js';
export * from './orders/ip-entry.js';
