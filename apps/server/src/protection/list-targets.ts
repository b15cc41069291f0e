// "Add entries to a blocker's list": what a blocker offers when entries move into it from
// another list (the one-click migration of Block Lists (Legacy)). A blocker that takes values
// of one kind (IP addresses and ranges, country codes, emails) hands one of these to the
// registry as its `listTarget`; the feature that moves entries finds it by kind, so neither
// imports the other. Every add answers one reference per value it stored, and `remove` with
// those references takes out exactly what that add put in, nothing the merchant had before.
import type { Database } from '../core/db/client.js';
import type { Shop } from '../core/db/schema.js';
import type { BlockerRegistry } from './blocker-registry.js';

/** The kinds of values a list can take. */
export type ListValueKind = 'ip' | 'country' | 'email';

/** What a target says of values before they move. */
export interface ListTargetPlan {
  /** Why the target cannot take values now (said to the merchant); null when it can. */
  refusal: string | null;
  /** Those of the values the target already holds: nothing is added for them. */
  present: ReadonlySet<string>;
  /** Values the target cannot take in the form they have, each with why (they stay). */
  unfit?: ReadonlyMap<string, string>;
}

export interface ListEntryIn {
  /** In the form the target stores (canonical address or range, upper-case country…). */
  value: string;
  note: string;
}

export interface ListTarget {
  kind: ListValueKind;
  /** Where the values go, as the merchant sees it: "IP Blocker (block list)". */
  label: string;
  /** The admin page of that list. */
  page: string;
  plan(db: Database, shop: Shop, values: readonly string[]): Promise<ListTargetPlan>;
  /**
   * Adds the entries (none of them present), checked with the shop's other rules first;
   * throws the merchant's 400 or 403 and adds nothing when the target refuses. Answers one
   * reference per entry, in order, for `remove`.
   */
  add(
    blockers: BlockerRegistry,
    db: Database,
    shop: Shop,
    entries: readonly ListEntryIn[],
  ): Promise<string[]>;
  /** Takes out what an add stored, by its references; ones already gone are skipped. */
  remove(db: Database, shop: Shop, refs: readonly string[]): Promise<void>;
}
