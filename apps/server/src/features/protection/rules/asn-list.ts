// The ISP/ASN Blocker's entries and settings in the database. Every entry is an AS number or
// an ISP name, stored once per shop under its key (`as:15169`, `isp:hetzner online`) in the
// order added, which is also the order the engine tries them in. Adding compiles the shop's
// rules with the new entry first, so the engine's checks apply before anything is written;
// the blocker holds at most `maxAsnEntries` entries on any plan.
import {
  maxAsnEntries,
  protectionMessages as m,
  type AsnBlockerSettings,
  type AsnEntry,
  type AsnEntryValue,
} from '@gatehouse/contracts';
import { normalizeIspName } from '@gatehouse/engine';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { asnBlockerSettings, asnRules, type AsnRuleRow } from '../../../db/schema.js';
import { badRequest } from '../../../errors.js';
import { compileOrThrow, toRuleSet, type AsnRuleState, type StoredRules } from './shop-rules.js';

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
export function findSameEntry(stored: StoredRules, value: AsnEntryValue): AsnRuleState | null {
  const key = asnKey('asn' in value ? { asn: value.asn, name: null } : { asn: null, ...value });
  return stored.asn.rows.find((row) => asnKey(row) === key) ?? null;
}

/**
 * Adds one entry after the engine's check of the whole rule set; answers the new row, or
 * null when an entry with the same key exists (also when another request just added it).
 */
export async function addAsnEntry(
  db: Database,
  stored: StoredRules,
  value: AsnEntryValue,
  note: string,
): Promise<AsnRuleRow | null> {
  const entry = 'asn' in value ? { asn: value.asn, name: null } : { asn: null, name: value.name };
  const key = asnKey(entry);
  if (key === null) throw badRequest(m.ispName);
  if (findSameEntry(stored, value)) return null;
  if (stored.asn.rows.length >= maxAsnEntries) throw badRequest(m.asnCap);
  compileOrThrow(
    toRuleSet({
      ...stored,
      asn: { ...stored.asn, rows: [...stored.asn.rows, { id: 'new-entry', ...entry }] },
      appEnabled: !stored.shop.isAppDisabled,
    }),
  );
  const [row] = await db
    .insert(asnRules)
    .values({ shopId: stored.shop.id, ...entry, key, note })
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

export async function deleteAsnEntries(
  db: Database,
  shopId: string,
  ids: string[],
): Promise<number> {
  const rows = await db
    .delete(asnRules)
    .where(and(eq(asnRules.shopId, shopId), inArray(asnRules.id, ids)))
    .returning({ id: asnRules.id });
  return rows.length;
}

/** The settings as the calls show them: the action, and monitor mode. */
export function asnSettingsView(stored: StoredRules): AsnBlockerSettings {
  const s = stored.asn.settings;
  return {
    action:
      s?.action === 'redirect' && s.redirectUrl
        ? { type: 'redirect', url: s.redirectUrl }
        : { type: 'block' },
    monitor: s?.monitor ?? false,
  };
}

export async function saveAsnSettings(
  db: Database,
  shopId: string,
  values: { action: 'block' | 'redirect'; redirectUrl: string | null; monitor: boolean },
): Promise<void> {
  await db
    .insert(asnBlockerSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({
      target: asnBlockerSettings.shopId,
      set: { ...values, updatedAt: sql`now()` },
    });
}
