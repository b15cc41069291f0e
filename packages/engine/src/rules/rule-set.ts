// A shop's stored protection rules as plain serialisable data. These schemas check shape
// only; `compile()` checks meaning (addresses, countries, URLs) and is the one place a rule
// set can be refused. New blockers add a rule kind here and a matcher beside the others.
import { z } from 'zod';
import { actionSchema } from './action.js';
import { scopeSchema } from './scope.js';

/** Fields every rule carries. */
const ruleBase = {
  /** Stable id, unique in the rule set; decisions and visit logs name it. */
  id: z.string().min(1).max(100),
  /** Off rules are kept (and validated) but never match. Default on. */
  enabled: z.boolean().optional(),
  /** Where it applies; the whole store when absent. */
  scope: scopeSchema.optional(),
};

/** Fields of rules that block: what they do, and monitor mode (report "would block", allow). */
const blockingBase = {
  ...ruleBase,
  action: actionSchema.optional(),
  monitor: z.boolean().optional(),
};

/** Fields of IP entries: one address or CIDR block, a note, an optional expiry. */
const ipEntry = {
  ip: z.string().max(64),
  note: z.string().max(500).optional(),
  /** ISO 8601 date-time after which the entry no longer matches. */
  expiresAt: z.string().max(40).optional(),
};

export const ipAllowRuleSchema = z.object({
  ...ruleBase,
  kind: z.literal('ip-allow'),
  ...ipEntry,
});

export const ipBlockRuleSchema = z.object({
  ...blockingBase,
  kind: z.literal('ip-block'),
  ...ipEntry,
});

export const countryRuleSchema = z.object({
  ...blockingBase,
  kind: z.literal('country'),
  /** blacklist: block the listed countries; whitelist: block every other country. */
  mode: z.enum(['blacklist', 'whitelist']),
  countries: z.array(z.string()).max(300),
  /**
   * Whether a visitor whose country is unknown (private, reserved or unlisted addresses) is
   * blocked. Off by default: the store fails open.
   */
  blockUnknown: z.boolean().optional(),
});

export const asnRuleSchema = z.object({
  ...blockingBase,
  kind: z.literal('asn'),
  /** Autonomous system numbers (1 to 4294967295). */
  asns: z.array(z.number()).max(100_000).optional(),
  /**
   * ISP or organisation names, matched case-insensitively as whole words of the visitor's
   * organisation ("Hetzner" matches "Hetzner Online GmbH"; see matchers/org-words.ts).
   */
  names: z.array(z.string().max(200)).max(100_000).optional(),
});

export const referrerRuleSchema = z.object({
  ...blockingBase,
  kind: z.literal('referrer'),
  /**
   * Referrer domains: "spam.example" matches that host only, "*.spam.example" its subdomains
   * at any depth but not itself (see rules/referrer.ts).
   */
  domains: z.array(z.string().max(300)).max(100_000),
});

export const ruleSchema = z.discriminatedUnion('kind', [
  ipAllowRuleSchema,
  ipBlockRuleSchema,
  countryRuleSchema,
  asnRuleSchema,
  referrerRuleSchema,
]);

export const ruleSetSchema = z.object({
  /** The app's master switch (General Settings); false allows every visitor. */
  appEnabled: z.boolean(),
  rules: z.array(ruleSchema).max(100_000),
});

export type IpAllowRule = z.infer<typeof ipAllowRuleSchema>;
export type IpBlockRule = z.infer<typeof ipBlockRuleSchema>;
export type CountryRule = z.infer<typeof countryRuleSchema>;
export type AsnRule = z.infer<typeof asnRuleSchema>;
export type ReferrerRule = z.infer<typeof referrerRuleSchema>;
export type Rule = z.infer<typeof ruleSchema>;
export type RuleKind = Rule['kind'];
export type RuleSet = z.infer<typeof ruleSetSchema>;
