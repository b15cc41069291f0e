// What the merchant is told about an IP list as it is stored, on the list's page and in the
// answer to an add: an entry kept from before the bound on an entry's width is not applied
// (the engine leaves it out), and entries that together cover more of the address space than
// one entry may are pointed out (list-range.ts in the engine holds both rules). An entry whose
// time is up no longer applies, so it is not counted either.
import { listNotices } from '@gatehouse/engine';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { ipRules, type IpListKind } from '../../protection/protection-schema.js';

/** The notices of one list of the shop, read from its stored entries. */
export async function loadListNotices(db: Database, shopId: string, kind: IpListKind) {
  const rows = await db
    .select({ ip: ipRules.ip })
    .from(ipRules)
    .where(
      and(
        eq(ipRules.shopId, shopId),
        eq(ipRules.list, kind),
        or(isNull(ipRules.expiresAt), gt(ipRules.expiresAt, sql`now()`)),
      ),
    );
  return listNotices(rows.map((r) => r.ip));
}
