// The compiled form of a shop's rules and the types `decide()` speaks. A policy is immutable
// once built: matchers in evaluation order, each holding its rules in the structure that makes
// its lookup cheap, one per rule kind (policy/rule-kinds.ts).
import type { GeoFacts } from '../geo/geo-facts.js';
import type { CrawlerCheck, CrawlerDnsAnswer, CrawlerId } from '../network/crawlers.js';
import type { ScopeMatcher } from '../rules/scope.js';
import type { RuleKind } from '../rules/rule-set.js';

/** Names the rule that decided: a stored rule, or one of the built-in switches. */
export interface RuleRef {
  readonly id: string;
  readonly kind: RuleKind | 'app-disabled' | 'admin-access';
}

/** A monitored rule that matched: what it would have done had it been enforced. */
export interface MonitorRef extends RuleRef {
  readonly action: 'block' | 'redirect';
}

export type DecisionAction = 'allow' | 'block' | 'redirect';

/** A storefront visit as the server sees it. */
export interface Visit {
  ip: string;
  /** The visited URL, absolute or path-only. */
  url: string;
  /** The request's method (the firewall sees every request); a page view (GET) when absent. */
  method?: string;
  referrer?: string;
  userAgent?: string;
  /** The visitor's device has Admin Access (it bypasses every rule). */
  adminDevice?: boolean;
  /** The visitor's browser session already had its geolocation redirect (or its prompt). */
  redirected?: boolean;
  /** Epoch milliseconds; the clock when absent. */
  now?: number;
  /** The server's reverse-then-forward DNS answer for the crawler the user agent claims. */
  crawlerDns?: CrawlerDnsAnswer;
  /**
   * The Bot Blocker category of an agent whose request signature the firewall verified
   * (STORE_CRAWLER for a crawler the store itself authorised). Such an agent is decided by
   * what it is for, never by where it comes from: the rules of kinds that skip signed agents
   * (country, ISP/ASN, referrer, VPN/proxy/hosting, geolocation redirects) never see it; the
   * IP lists and URL rules the merchant wrote still apply; the bot categories are decided by
   * this category in place of the user agent (custom patterns still read the user agent) and
   * pass the store's own crawler. A category the engine does not know matches no category.
   */
  signedAgent?: string;
}

export interface Decision {
  action: DecisionAction;
  /** The rule that decided, or null when no rule matched (allowed by default). */
  rule: RuleRef | null;
  /** The first monitored rule that matched ("would block"); the visitor was not blocked by it. */
  monitor?: MonitorRef;
  redirectUrl?: string;
  /** The geo facts the decision used, for the visit log. */
  facts: GeoFacts;
  /** The search-engine crawler the visitor's user agent claims, and whether it checked out. */
  crawler?: CrawlerVerdict;
  /** A geolocation redirect that asks the visitor first: what the prompt says. */
  prompt?: RedirectPrompt;
  /**
   * NETWORK_* bits a network rule asked for whose list was missing: those rules could not
   * see these kinds, so the visit was decided without them.
   */
  unlisted?: number;
}

/** What a geolocation redirect's prompt shows the visitor. */
export interface RedirectPrompt {
  title: string;
  text: string;
  accept: string;
  decline: string;
  /** The target store's country (its flag), or empty. */
  flag: string;
}

/** A geolocation redirect a matcher chose: where to, and whether to ask first. */
export interface RedirectChoice {
  url: string;
  prompt: RedirectPrompt | null;
}

export interface CrawlerVerdict {
  id: CrawlerId;
  check: CrawlerCheck;
}

/** One rule ready to apply: its checks on a hit are expiry, then scope, then monitor mode. */
export interface CompiledRule {
  readonly ref: RuleRef;
  readonly action: DecisionAction;
  readonly redirectUrl: string | undefined;
  readonly monitorRef: MonitorRef | null;
  readonly scope: ScopeMatcher | null;
  /** Epoch ms after which the rule no longer matches; Infinity when it never expires. */
  readonly expiresAt: number;
}

/** Per-decision state shared by the matchers; facts and parsed address are computed once. */
export interface DecideContext {
  visit: Visit;
  /** 4, 6, or 0 when the visitor's address did not parse. */
  version: 0 | 4 | 6;
  /** IPv4 value in [0], or IPv6 words in [0..3]. */
  words: Uint32Array;
  facts: GeoFacts;
  /** Lazily computed: only a hit on a scoped rule needs the path. */
  path: string | null;
  /** Lazily read: only a hit on an expiring rule needs the clock. */
  now: number;
  monitor: MonitorRef | null;
  /** Lazily computed: the crawler the user agent claims (null: none); undefined until asked. */
  crawler: CrawlerVerdict | null | undefined;
  /** Set by the geolocation redirect matcher when it decides. */
  redirect: RedirectChoice | null;
  /** Set by the network matcher: kinds its rules ask for whose list is missing. */
  unlisted: number;
}

export interface Matcher {
  /** The first enforced rule of this matcher that applies to the visit, or null. */
  evaluate(context: DecideContext): CompiledRule | null;
  /** Bytes held by the matcher's index structures. */
  bytes(): number;
}

/** A rule that is accepted but does not do what it seems to (e.g. `invalidWhitelist`). */
export interface CompileWarning {
  code: string;
  ruleId: string;
  message: string;
}

export interface Policy {
  readonly appEnabled: boolean;
  /** One per rule kind, in evaluation order (policy/rule-kinds.ts). */
  readonly matchers: readonly Matcher[];
  /** Beside each matcher: its kind's rules never see a verified signed agent. */
  readonly skipsSignedAgents: readonly boolean[];
  readonly ruleCount: number;
  readonly warnings: readonly CompileWarning[];
}

export const APP_DISABLED: RuleRef = Object.freeze({ id: 'app-disabled', kind: 'app-disabled' });
export const ADMIN_ACCESS: RuleRef = Object.freeze({ id: 'admin-access', kind: 'admin-access' });
