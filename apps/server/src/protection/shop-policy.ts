// What a decision knows about one shop (its compiled policy, block page and Admin Access
// devices) and the cache that holds it: declared here so the features that change a shop's
// rules, and the tests, reach the cache without knowing how the decision builds it.
import type { BlockPage } from '@gatehouse/contracts';
import type { CompileIssue, Policy, RuleSet } from '@gatehouse/engine';
import type { RuleDescriber } from './rule-labels.js';

/** Everything a decision needs about one shop. */
export interface ShopPolicy {
  shopId: string;
  domain: string;
  policy: Policy;
  /**
   * The version of the rules this policy applies (policyVersion of its rule set): allow tokens
   * name it, and the storefront compares it with the version published to the store.
   */
  version: string;
  /** What a visit decided by one of the policy's rules keeps about it (its name and mode). */
  describe: RuleDescriber;
  blockPage: BlockPage;
  /** The store's customer-facing email from the platform, shown on the block page; or empty. */
  contactEmail: string;
  /** Admin Access honoured: turned on in General Settings and included in the plan. */
  adminAccess: boolean;
  /** SHA-256 hex of the shop's live admin-access device tokens. */
  devices: ReadonlySet<string>;
  /** Content Protection's switches that are on (none on a plan without the feature). */
  contentProtection?: { store: readonly string[]; catalog: readonly string[] };
}

/**
 * A shop's rule set as a check read and compiled it for a change about to be written: once the
 * change is written as checked, the rebuild that follows applies it as it is instead of reading
 * and compiling every blocker's rules again.
 */
export interface CheckedRules {
  ruleSet: RuleSet;
  policy: Policy;
  /** Stored entries the engine no longer accepts, left out of the policy. */
  skipped: readonly CompileIssue[];
  /** When the rules were read (performance.now()): a change heard of since makes it stale. */
  readAt: number;
}

export interface PolicyCache {
  /** The cached entry (null: known not to exist), or undefined when none is cached yet. */
  peek(domain: string): ShopPolicy | null | undefined;
  /** Builds (once, shared by concurrent callers) when nothing is cached; throws if it cannot. */
  load(domain: string): Promise<ShopPolicy | null>;
  /**
   * Rebuilds the shop's entry now, if cached; keeps the old one if the rebuild fails. With the
   * rules a check compiled for the change just written, applies them as they are, unless
   * another change of the shop was heard of since they were read.
   */
  rebuild(shopId: string, checked?: CheckedRules): Promise<void>;
  /** Forgets what is cached for a domain (a shop just installed). */
  forget(domain: string): void;
  /** Marks every entry for a background rebuild. */
  refreshAll(): void;
  /** Puts a policy compiled elsewhere in place (the decision-table tests use any rule set). */
  prime(entry: ShopPolicy): void;
  size(): number;
}
