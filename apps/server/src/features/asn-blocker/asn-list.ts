// The ISP/ASN Blocker's entries in the database, and its rules. Every entry is an AS number or
// an ISP name, stored once per shop under its key (`as:15169`, `isp:hetzner online`) in the
// order added, which is also the order the engine tries them in. Adding compiles the shop's
// rules with the new entry first, so the engine's checks apply before anything is written;
// the blocker holds at most `maxAsnEntries` entries on any plan.
import {
  maxAsnEntries,
  protectionMessages as m,
  planIncludes,
  type AsnEntry,
  type AsnEntryValue,
} from '@gatehouse/contracts';
import { normalizeIspName, type Rule } from '@gatehouse/engine';
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { asnRules, type AsnRuleRow } from './asn-schema.js';
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

export const ASN_BLOCKER = 'asn-blocker';

export type AsnRuleState = Pick<AsnRuleRow, 'id' | 'asn' | 'name'>;

export interface AsnState {
  /** In the order they were added, which is also the order the engine applies them in. */
  rows: AsnRuleState[];
  settings: BlockerSettings;
  /**
   * The shop's plan includes the ISP/ASN Blocker. Without it the entries are kept (and still
   * validated) but do not apply, as after a downgrade.
   */
  enforced: boolean;
}

export async function loadAsnState(db: Database, shop: Shop): Promise<AsnState> {
  const [rows, settings] = await readAll(
    db,
    () =>
      db
        .select({ id: asnRules.id, asn: asnRules.asn, name: asnRules.name })
        .from(asnRules)
        .where(eq(asnRules.shopId, shop.id))
        .orderBy(asc(asnRules.createdAt), asc(asnRules.id)),
    () => loadBlockerSettings(db, shop.id, ASN_BLOCKER),
  );
  return { rows, settings, enforced: planIncludes(shop.plan, 'asnBlocker') };
}

/** One engine rule per ISP/ASN entry, so a decision names the entry that matched. */
export function asnRule(row: AsnRuleState, asn: Omit<AsnState, 'rows'>): Rule {
  return {
    id: row.id,
    kind: 'asn',
    ...(row.asn !== null ? { asns: [row.asn] } : { names: [row.name ?? ''] }),
    action: actionOf(asn.settings),
    monitor: asn.settings.monitor,
    ...(asn.enforced ? {} : { enabled: false }),
  };
}

export const asnEngineRules = (state: AsnState) => state.rows.map((row) => asnRule(row, state));

/** What makes two entries the same; null for a name without words (refused by the engine). */
export function asnKey(entry: { asn: number | null; name: string | null }): string | null {
  if (entry.asn !== null) return `as:${entry.asn}`;
  const words = normalizeIspName(entry.name ?? '');
  return words === null ? null : `isp:${words}`;
}

export function toAsnEntry(row: AsnRuleRow): AsnEntry {
  return {
    id: row.id,
    asn: row.asn,
    name: row.name,
    note: row.note,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored entry the value would repeat, if any. */
export function findSameEntry(state: AsnState, value: AsnEntryValue): AsnRuleState | null {
  const key = asnKey('asn' in value ? { asn: value.asn, name: null } : { asn: null, ...value });
  return state.rows.find((row) => asnKey(row) === key) ?? null;
}

/**
 * Adds one entry after the engine's check of the whole rule set; answers the new row, or
 * null when an entry with the same key exists (also when another request just added it).
 */
export async function addAsnEntry(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  state: AsnState,
  value: AsnEntryValue,
  note: string,
): Promise<AsnRuleRow | null> {
  const entry = 'asn' in value ? { asn: value.asn, name: null } : { asn: null, name: value.name };
  const key = asnKey(entry);
  if (key === null) throw badRequest(m.ispName);
  if (findSameEntry(state, value)) return null;
  if (state.rows.length >= maxAsnEntries) throw badRequest(m.asnCap);
  await blockers.check(db, shop, {
    blocker: ASN_BLOCKER,
    rules: asnEngineRules({ ...state, rows: [...state.rows, { id: 'new-entry', ...entry }] }),
  });
  const [row] = await db
    .insert(asnRules)
    .values({ shopId: shop.id, ...entry, key, note })
    .onConflictDoNothing({ target: [asnRules.shopId, asnRules.key] })
    .returning();
  return row ?? null;
}

/** Every entry of the shop, newest first. */
export async function listAsnEntries(db: Database, shopId: string): Promise<AsnEntry[]> {
  const rows = await db
    .select()
    .from(asnRules)
    .where(eq(asnRules.shopId, shopId))
    .orderBy(desc(asnRules.createdAt), desc(asnRules.id));
  return rows.map(toAsnEntry);
}

/**
 * The entries the page's filter finds: the AS number ("AS" before digits left out), ISP name or
 * note contains the text, ignoring case.
 */
export const asnEntryList: EntryList = {
  table: asnRules,
  id: asnRules.id,
  owner: (shopId) => eq(asnRules.shopId, shopId),
  search: (text) => {
    const needle = text.toLowerCase().replace(/^as(?=\d)/, '');
    return or(
      containsText(sql`${asnRules.asn}::text`, needle),
      containsText(asnRules.name, needle),
      containsText(asnRules.note, needle),
    );
  },
};
