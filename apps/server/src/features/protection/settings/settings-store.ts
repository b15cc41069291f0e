// Writes to the per-shop protection settings row (created on first save; defaults otherwise).
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { protectionSettings } from '../../../db/protection-schema.js';

type Writable = Partial<Omit<typeof protectionSettings.$inferInsert, 'shopId' | 'updatedAt'>>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function saveProtectionSettings(db: Database | Tx, shopId: string, values: Writable) {
  await db
    .insert(protectionSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({
      target: protectionSettings.shopId,
      set: { ...values, updatedAt: sql`now()` },
    });
}
