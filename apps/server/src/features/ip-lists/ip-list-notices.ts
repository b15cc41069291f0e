// What the merchant is told about an IP list as it is stored, on the list's page and in the
// answer to an add: an entry kept from before the bound on an entry's width is not applied
// (the engine leaves it out), and entries that together cover more of the address space than
// one entry may are pointed out (list-range.ts in the engine holds both rules).
import {
  listCoverageNotice,
  listRangeMessages,
  listRangeProblem,
  parseIpRange,
  type IpRange,
} from '@gatehouse/engine';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ipRules, type IpListKind } from '../../db/protection-schema.js';

/**
 * What the merchant should know about a list as it is stored: entries left out for being
 * wider than an entry may be (kept from before the bound), and how much of the address space
 * the applied entries cover together when that is more than one entry may.
 */
export function listNotices(rows: readonly { ip: string }[]): string[] {
  const notices: string[] = [];
  const ranges: IpRange[] = [];
  for (const row of rows) {
    const parsed = parseIpRange(row.ip);
    if (!parsed.ok) continue;
    if (listRangeProblem(row.ip, parsed.range)) notices.push(listRangeMessages.skipped(row.ip));
    else ranges.push(parsed.range);
  }
  const coverage = listCoverageNotice(ranges);
  if (coverage) notices.push(coverage);
  return notices;
}

/** The notices of one list of the shop, read from its stored entries. */
export async function loadListNotices(db: Database, shopId: string, kind: IpListKind) {
  const rows = await db
    .select({ ip: ipRules.ip })
    .from(ipRules)
    .where(and(eq(ipRules.shopId, shopId), eq(ipRules.list, kind)));
  return listNotices(rows);
}
