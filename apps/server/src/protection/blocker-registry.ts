// The blocker registry: the one place that knows which blockers exist, handed them by the app
// layer. It builds a shop's engine rule set from every blocker's loader (in the order the
// blockers were listed), and it is the one check every save goes through: the engine's
// compile() of the whole rule set as it would be after the change. A refused set answers 400
// with the engine's first message and nothing is written. It also answers, per rule kind, what
// the visitor log calls it (and what a visit keeps about a rule), where a decision by it is
// counted, who handles a quick action, and which blocker turns a draft of one of its calls into
// rules.
import {
  protectionMessages,
  type CallName,
  type DashboardCounter,
  type QuickAction,
} from '@gatehouse/contracts';
import {
  compile,
  type CompileIssue,
  type Policy,
  type Rule,
  type RuleSet,
} from '@gatehouse/engine';
import { eq } from 'drizzle-orm';
import type { Database } from '../core/db/client.js';
import { shops, type Shop } from '../core/db/schema.js';
import { badRequest, invalidRules } from '../core/errors.js';
import type {
  Blocker,
  DraftRules,
  EntryHitsTable,
  QuickActionHandler,
  RuleFacts,
  RuleKindInfo,
  RuleLabel,
} from './blocker.js';
import type { ListTarget, ListValueKind } from './list-targets.js';
import type { CheckedRules } from './shop-policy.js';
import { sideBySide } from '../core/db/side-by-side.js';

/** A change a save is about to make: one blocker's rules as they would be, or the switch. */
export interface RuleSetChange {
  blocker?: string;
  rules?: Rule[];
  appEnabled?: boolean;
}

/** What a visit decided by a rule of one kind adds to the counters. */
export interface KindTally {
  /** The dashboard count a blocked or redirected visit adds to. */
  counter: DashboardCounter | null;
  /** The table counting the hits of the kind's entries. */
  entryHits: EntryHitsTable | null;
}

/** A call whose draft can be replayed: the blocker it changes and its rules after the call. */
export interface DraftOf {
  blocker: Blocker;
  rules: DraftRules<CallName>;
}

export interface BlockerRegistry {
  readonly blockers: readonly Blocker[];
  /** The shop's rules from every blocker, with `change` applied. */
  ruleSet(db: Database, shop: Shop, change?: RuleSetChange): Promise<RuleSet>;
  /**
   * Compiles the rule set as it would be after `change`, or throws the merchant's 400; answers
   * what it read and compiled, for the rebuild after the change is written.
   */
  check(db: Database, shop: Shop, change?: RuleSetChange): Promise<CheckedRules>;
  /** What a visit decided by this rule keeps about it; null for a kind no blocker owns. */
  describe(rule: Rule): RuleFacts | null;
  /** Labels of the rules among `ids`, from the blockers that own them. */
  labelRules(db: Database, shopId: string, ids: readonly string[]): Promise<Map<string, RuleLabel>>;
  /** The name and admin page of a blocker's rule kind; null for a kind no blocker owns. */
  kindInfo(kind: string): RuleKindInfo | null;
  /** Where a visit decided by a rule of this kind is counted; null for a kind no blocker owns. */
  tally(kind: string): KindTally | null;
  /** The blocker's handler of a visitor-log quick action. */
  quickAction(action: QuickAction): QuickActionHandler | null;
  /** The blocker whose call this is and its draft rules; null for a call no blocker replays. */
  draft(call: string): DraftOf | null;
  /** The blocker list that takes values of this kind; null when no blocker has one. */
  listTarget(kind: ListValueKind): ListTarget | null;
}

/**
 * `listTargets`: lists of features that are not storefront blockers (the checkout's Customer
 * Block Lists) that entries can move into, handed over by the app layer.
 */
export function createBlockerRegistry(
  blockers: readonly Blocker[],
  listTargets: readonly ListTarget[] = [],
): BlockerRegistry {
  const owners = new Map<string, Blocker>();
  const infos = new Map<string, RuleKindInfo>();
  const tallies = new Map<string, KindTally>();
  const names = new Set<string>();
  const actions = new Map<QuickAction, QuickActionHandler>();
  const drafts = new Map<string, DraftOf>();
  const targets = new Map<ListValueKind, ListTarget>();
  for (const blocker of blockers) {
    if (names.has(blocker.name)) throw new Error(`two blockers are named ${blocker.name}`);
    names.add(blocker.name);
    const tally: KindTally = {
      counter: blocker.dashboardCounter ?? null,
      entryHits: blocker.entryHits ?? null,
    };
    for (const [kind, info] of Object.entries(blocker.ruleKinds)) {
      const owner = owners.get(kind);
      if (owner) throw new Error(`rule kind ${kind} belongs to ${owner.name} and ${blocker.name}`);
      owners.set(kind, blocker);
      infos.set(kind, info);
      tallies.set(kind, tally);
    }
    for (const [action, handler] of Object.entries(blocker.quickActions ?? {})) {
      if (actions.has(action as QuickAction)) throw new Error(`two blockers handle ${action}`);
      actions.set(action as QuickAction, handler);
    }
    for (const [call, rules] of Object.entries(blocker.drafts ?? {})) {
      if (drafts.has(call)) throw new Error(`two blockers replay ${call}`);
      drafts.set(call, { blocker, rules: rules as DraftRules<CallName> });
    }
  }
  for (const target of [...blockers.flatMap((b) => b.listTarget ?? []), ...listTargets]) {
    if (targets.has(target.kind)) throw new Error(`two lists take ${target.kind} entries`);
    targets.set(target.kind, target);
  }

  async function ruleSet(db: Database, shop: Shop, change: RuleSetChange = {}) {
    const parts = await sideBySide(db, blockers, (b) =>
      change.blocker === b.name && change.rules
        ? Promise.resolve(change.rules)
        : b.loadRules(db, shop),
    );
    return { appEnabled: change.appEnabled ?? !shop.isAppDisabled, rules: parts.flat() };
  }

  return {
    blockers,
    ruleSet,
    async check(db, shop, change) {
      const readAt = performance.now();
      const rules = await ruleSet(db, shop, change);
      const result = compile(rules, { stored: true });
      if (!result.ok) throw refusal(result.errors);
      // An entry a stricter check now refuses is refused in a save of its own blocker (the
      // merchant sees which and removes it) but does not hold up a save of another one.
      const changed = new Set(change?.blocker ? (change.rules ?? []).map((r) => r.id) : []);
      const own = result.skipped.filter((issue) => changed.has(issue.ruleId ?? ''));
      if (own.length > 0) throw refusal(own);
      return { ruleSet: rules, policy: result.policy, skipped: result.skipped, readAt };
    },
    describe: (rule) => owners.get(rule.kind)?.describeRule(rule) ?? null,
    async labelRules(db, shopId, ids) {
      const maps = await sideBySide(db, blockers, (b) => b.labelRules(db, shopId, ids));
      return new Map(maps.flatMap((m) => [...m]));
    },
    kindInfo: (kind) => infos.get(kind) ?? null,
    tally: (kind) => tallies.get(kind) ?? null,
    quickAction: (action) => actions.get(action) ?? null,
    draft: (call) => drafts.get(call) ?? null,
    listTarget: (kind) => targets.get(kind) ?? null,
  };
}

/**
 * Compiles a rule set as the storefront applies it (entries the engine no longer accepts are
 * left out), or throws the 400 a merchant sees with the engine's first message and every issue.
 */
export function compileOrThrow(ruleSet: RuleSet): Policy {
  const result = compile(ruleSet, { stored: true });
  if (!result.ok) throw refusal(result.errors);
  return result.policy;
}

/**
 * The 400 of a refused rule set: the first issue's message, and every issue the engine found
 * with its code and its path in the rule set.
 */
function refusal(issues: readonly CompileIssue[]) {
  return invalidRules(
    issues[0]?.message ?? 'These rules are not valid.',
    issues.map(({ path, code, message }) => ({ path, code, message })),
  );
}

/** The shop a blocker's call works on; an unknown shop answers as an unknown entry does. */
export async function shopById(db: Database, shopId: string): Promise<Shop> {
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) throw badRequest(protectionMessages.entryId);
  return shop;
}
