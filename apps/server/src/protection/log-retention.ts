// How long a shop's logs are kept: its General Settings retention, never more than its plan's
// logRetentionHours. The visitor log and the Firewall's access log both purge by it.
import { plans } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../core/db/client.js';
import { generalSettings } from './protection-schema.js';
import { shops } from '../core/db/schema.js';

const HOUR_MS = 3_600_000;

/** Every shop with the time before which its log entries go. */
export async function logCutoffs(
  db: Database,
  now: Date,
): Promise<{ shopId: string; cutoff: Date }[]> {
  const rows = await db
    .select({ id: shops.id, plan: shops.plan, hours: generalSettings.logRetentionHours })
    .from(shops)
    .leftJoin(generalSettings, eq(generalSettings.shopId, shops.id));
  return rows.map((shop) => {
    const max = plans[shop.plan].logRetentionHours;
    const hours = Math.min(shop.hours ?? max, max);
    return { shopId: shop.id, cutoff: new Date(now.getTime() - hours * HOUR_MS) };
  });
}
