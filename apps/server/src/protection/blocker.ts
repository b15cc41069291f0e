// What a blocker is to the rest of the server. A blocker (the Country Blocker, the IP lists,
// the ISP/ASN Blocker, and every one added later) is a feature folder that hands one of these
// to the registry: the rule kinds it owns (with their names in the visitor log and their admin
// page), a loader that turns its stored rows into the engine's rules for a shop, the names the
// visitor log shows for its rules, where its blocked visits and its entries' hits are counted,
// the one-click actions it offers from a visitor-log row, its merchant routes, and how each of
// its calls that changes rules would change them (the replay of a draft before it is saved). The
// rule-set loader, the policy cache, the visit queue, the visitor log and the IP lookup know
// blockers only through this contract.
import type {
  Api,
  CallName,
  DashboardCounter,
  QuickAction,
  QuickActionResult,
} from '@gatehouse/contracts';
import type { Rule, RuleKind } from '@gatehouse/engine';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../core/db/client.js';
import type { Shop } from '../core/db/schema.js';
import type { BlockerRegistry } from './blocker-registry.js';
import type { CheckedRules } from './shop-policy.js';
import type { ListTarget } from './list-targets.js';

/**
 * How the visitor log names one rule of a blocker in a visit recorded before visits kept their
 * rule's facts: only what an entry always says (its address, network, domain, pattern), never
 * what the blocker's settings say now (its mode, its action).
 */
export interface RuleLabel {
  kind: RuleKind;
  label: string;
}

/**
 * What decided a visit, as it stood when it decided: kept with the visit, so the log says what
 * happened then whatever the settings say now.
 */
export interface RuleFacts {
  /** e.g. "Country Blocker (whitelist)", "IP block list: 203.0.113.0/24". */
  label: string;
  /** The blocker's mode when it has one (`whitelist`, `blacklist`); null otherwise. */
  mode: string | null;
}

/** A rule kind as the merchant sees it. */
export interface RuleKindInfo {
  /** What the visitor log calls a rule of this kind when the rule itself is gone. */
  label: string;
  /** The admin page where rules of this kind are changed, e.g. `/regionBlocker`. */
  page: string;
}

/**
 * A table of a blocker's entries that counts the visits each entry decided (blocked,
 * redirected, or watched in monitor mode): `id` is the entry's engine rule id (a uuid), `hits`
 * a bigint count and `lastHitAt` a timestamptz, as db/entry-columns.ts makes them.
 */
export type EntryHitsTable = PgTable & {
  id: AnyPgColumn;
  hits: AnyPgColumn;
  lastHitAt: AnyPgColumn;
};

/**
 * A one-click change from a visitor-log row; the policy is rebuilt after it, from the rules its
 * check compiled (`checked`) when it wrote just what it checked.
 */
export type QuickActionHandler = (
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  value: string,
  /** Where the value came from, as the list's note says; the visitor log when left out. */
  note?: string,
) => Promise<QuickActionResult & { checked?: CheckedRules }>;

/**
 * The blocker's rules as they would be after one of its calls, from the body that call takes
 * (already checked by the call's request schema); throws the call's own 400 for a body the
 * call would refuse. Nothing is written.
 */
export type DraftRules<N extends CallName> = (
  db: Database,
  shop: Shop,
  input: z.infer<Api[N]['request']>,
) => Promise<Rule[]>;

/** A blocker's calls whose change can be replayed before it is saved, by call name. */
export type BlockerDrafts = { [N in CallName]?: DraftRules<N> };

export interface Blocker {
  /** The blocker's name: its folder on both sides and its key in blocker_settings. */
  name: string;
  /** The engine rule kinds its loader produces. */
  ruleKinds: Partial<Record<RuleKind, RuleKindInfo>>;
  /** The dashboard count its blocked and redirected visits add to. */
  dashboardCounter?: DashboardCounter;
  /** Where its entries' hits are counted, when each entry is its own engine rule. */
  entryHits?: EntryHitsTable;
  /** The shop's rules of this blocker, in the order the engine applies them. */
  loadRules(db: Database, shop: Shop): Promise<Rule[]>;
  /**
   * The facts a visit keeps about one of its rules (one its loader produced), read from the
   * rule alone: what the visitor log says of a visit it decides, now and later.
   */
  describeRule(rule: Rule): RuleFacts;
  /** Labels for those of `ids` that are this blocker's rules (visits without kept facts). */
  labelRules(db: Database, shopId: string, ids: readonly string[]): Promise<Map<string, RuleLabel>>;
  /** One-click actions from a visitor-log row that this blocker carries out. */
  quickActions?: Partial<Record<QuickAction, QuickActionHandler>>;
  /** The blocker's merchant calls. */
  routes(app: FastifyInstance): Promise<void>;
  /** Its rules after a draft of each call that changes them (the cost of a rule before saving). */
  drafts?: BlockerDrafts;
  /** The list that entries of one kind can be moved into, when the blocker has one. */
  listTarget?: ListTarget;
}

/** Matches the uuid ids of stored entries (engine rule ids of list blockers). */
export const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids that can be stored entries' ids (others would fail a uuid comparison). */
export const entryIds = (ids: readonly string[]) => ids.filter((id) => ENTRY_ID.test(id));
