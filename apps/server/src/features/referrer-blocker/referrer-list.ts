// The Referrer Blocker's entries in the database, and its rules. Every entry is one domain in
// the engine's normal form ("spam.example", "*.spam.example"), stored once per shop in the
// order added, which is also the order the engine tries them in. Adding compiles the shop's
// rules with the new entries, so the engine's checks apply before anything is written; the
// blocker holds at most `maxReferrerEntries` entries on any plan.
import {
  maxReferrerEntries,
  planIncludes,
  referrerMessages as m,
  type ReferrerEntry,
} from '@gatehouse/contracts';
import type { Rule } from '@gatehouse/engine';
import { asc, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { referrerRules, type ReferrerRuleRow } from './referrer-schema.js';
import type { Shop } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { containsText, type EntryList } from '../../protection/entry-delete.js';
import {
  actionOf,
  loadBlockerSettings,
  type BlockerSettings,
} from '../../protection/blocker-settings.js';
import { readAll } from '../../db/side-by-side.js';

export const REFERRER_BLOCKER = 'referrer-blocker';

export type ReferrerRuleState = Pick<ReferrerRuleRow, 'id' | 'domain'>;

export interface ReferrerState {
  /** In the order they were added, which is also the order the engine applies them in. */
  rows: ReferrerRuleState[];
  settings: BlockerSettings;
  /**
   * The shop's plan includes the Referrer Blocker. Without it the entries are kept (and still
   * validated) but do not apply, as after a downgrade.
   */
  enforced: boolean;
}

export async function loadReferrerState(db: Database, shop: Shop): Promise<ReferrerState> {
  const [rows, settings] = await readAll(
    db,
    () =>
      db
        .select({ id: referrerRules.id, domain: referrerRules.domain })
        .from(referrerRules)
        .where(eq(referrerRules.shopId, shop.id))
        .orderBy(asc(referrerRules.createdAt), asc(referrerRules.id)),
    () => loadBlockerSettings(db, shop.id, REFERRER_BLOCKER),
  );
  return { rows, settings, enforced: planIncludes(shop.plan, 'referrerBlocker') };
}

/** One engine rule per entry, so a decision names the entry that matched. */
export function referrerRule(row: ReferrerRuleState, state: Omit<ReferrerState, 'rows'>): Rule {
  return {
    id: row.id,
    kind: 'referrer',
    domains: [row.domain],
    action: actionOf(state.settings),
    monitor: state.settings.monitor,
    ...(state.enforced ? {} : { enabled: false }),
  };
}

export const referrerEngineRules = (state: ReferrerState) =>
  state.rows.map((row) => referrerRule(row, state));

export function toReferrerEntry(row: ReferrerRuleRow): ReferrerEntry {
  return {
    id: row.id,
    domain: row.domain,
    note: row.note,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Throws what adding `domains` (not listed yet) would answer: the blocker's size, then the
 * engine's check of the shop's whole rule set with them.
 */
export async function checkReferrerAdd(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  state: ReferrerState,
  domains: string[],
): Promise<void> {
  if (state.rows.length + domains.length > maxReferrerEntries) throw badRequest(m.cap);
  await blockers.check(db, shop, {
    blocker: REFERRER_BLOCKER,
    rules: referrerEngineRules({
      ...state,
      rows: [...state.rows, ...domains.map((domain, i) => ({ id: `new-entry-${i}`, domain }))],
    }),
  });
}

/**
 * Stores the entries in one statement, in the order given (one millisecond apart, so the
 * engine tries them in that order); a domain another request just listed is left out.
 */
export function insertReferrerEntries(
  db: Database,
  shopId: string,
  entries: { domain: string; note: string }[],
): Promise<ReferrerRuleRow[]> {
  if (entries.length === 0) return Promise.resolve([]);
  const now = Date.now();
  return db
    .insert(referrerRules)
    .values(entries.map((e, i) => ({ shopId, ...e, createdAt: new Date(now + i) })))
    .onConflictDoNothing({ target: [referrerRules.shopId, referrerRules.domain] })
    .returning();
}

/**
 * Adds the domains not listed yet, after checkReferrerAdd, all in one statement; answers the
 * rows added (in the order given) and the domains left out as already listed (also when
 * another request just added one).
 */
export async function addReferrerEntries(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  state: ReferrerState,
  domains: string[],
  note: string,
): Promise<{ added: ReferrerRuleRow[]; skipped: string[] }> {
  const listed = new Set(state.rows.map((row) => row.domain));
  const fresh = [...new Set(domains)].filter((domain) => !listed.has(domain));
  if (fresh.length === 0) return { added: [], skipped: domains };
  await checkReferrerAdd(blockers, db, shop, state, fresh);
  const rows = await insertReferrerEntries(
    db,
    shop.id,
    fresh.map((domain) => ({ domain, note })),
  );
  const byDomain = new Map(rows.map((row) => [row.domain, row]));
  const added = fresh.flatMap((domain) => byDomain.get(domain) ?? []);
  const addedDomains = new Set(added.map((row) => row.domain));
  const skipped: string[] = [];
  domains.forEach((domain, i) => {
    if (!addedDomains.has(domain) || domains.indexOf(domain) !== i) skipped.push(domain);
  });
  return { added, skipped };
}

/** Every entry of the shop, newest first. */
export async function listReferrerEntries(db: Database, shopId: string): Promise<ReferrerEntry[]> {
  const rows = await db
    .select()
    .from(referrerRules)
    .where(eq(referrerRules.shopId, shopId))
    .orderBy(desc(referrerRules.createdAt), desc(referrerRules.id));
  return rows.map(toReferrerEntry);
}

/** Every entry of the shop, oldest first (the export; the blocker holds at most 2 000). */
export async function* allReferrerEntries(db: Database, shopId: string) {
  yield* await db
    .select()
    .from(referrerRules)
    .where(eq(referrerRules.shopId, shopId))
    .orderBy(asc(referrerRules.createdAt), asc(referrerRules.id));
}

/** The entries the page's filter finds: the domain or note contains the text, ignoring case. */
export const referrerEntryList: EntryList = {
  table: referrerRules,
  id: referrerRules.id,
  owner: (shopId) => eq(referrerRules.shopId, shopId),
  search: (text) =>
    or(containsText(referrerRules.domain, text), containsText(referrerRules.note, text)),
};
