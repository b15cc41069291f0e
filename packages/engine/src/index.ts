// Public surface of @gatehouse/engine: IP, ASN and country values (also alone, without geo data,
// as `@gatehouse/engine/values`), geo lookup, the rule schemas, compile() and decide().
export * from './values.js';
export { isReservedV4, isReservedV6 } from './ip/reserved.js';
export { canonicalAddress, nonPublicReason, parseAnyAddress } from './ip/public-address.js';
export * from './origin/public-host.js';
export * from './origin/dev-origins.js';
export type { IpRangeIndex, TaggedRange } from './ip/ip-range-index.js';
export { buildIpRangeIndex, findSegmentV4, findSegmentV6 } from './ip/ip-range-index.js';
export * from './geo/geo-facts.js';
export * from './geo/load-geo.js';
export {
  buildAsnIndex,
  lookupAsnV4,
  lookupAsnV6,
  type AsnIndex,
  type AsnHit,
} from './geo/asn-index.js';
export * from './rules/action.js';
export * from './rules/scope.js';
export * from './rules/rule-set.js';
export * from './policy/policy.js';
export * from './policy/compile-issue.js';
export * from './policy/compile.js';
export * from './policy/decide.js';
export { decideCases, type DecideCase } from './policy/decide.cases.js';
export * from './network/network-flags.js';
export * from './network/network-table.js';
export * from './network/org-rules.js';
export * from './network/crawlers.js';
export * from './network/feeds.js';
export * from './network/classifier.js';
export * from './network/feed-work.js';
export * from './network/feed-worker-client.js';
export * from './bots/bot-agents.js';
export { agentCategories, type AgentCategories } from './bots/agent-categories.js';
export { goodBots, knownAgents, type KnownAgent } from './bots/known-agents.js';
export { compileAgentPattern, type AgentPattern } from './bots/agent-patterns.js';
export { COMMON_BROWSERS } from './bots/common-browsers.js';
export * from './patterns/merchant-regex.js';
export { rangeListSize, type RangeList, type RangeSet } from './ip/range-set.js';
export { readTarget, type Target as RedirectTarget } from './matchers/redirect-target.js';
export { compileMatch, type CompiledMatch, type CompileResult } from './orders/compile-filters.js';
export type { OrderFacts, OrderAddressFacts, PreparedOrder } from './orders/order-facts.js';
export * from './orders/evaluate-filters.js';
export * from './network/relay-partners.js';
