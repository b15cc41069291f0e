// The shop's General Settings row (created on first save; defaults apply without one).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { protectionSettings, type ProtectionSettingsRow } from '../../db/protection-schema.js';

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

export async function loadGeneralSettings(
  db: Database,
  shopId: string,
): Promise<ProtectionSettingsRow | null> {
  const [row] = await db
    .select()
    .from(protectionSettings)
    .where(eq(protectionSettings.shopId, shopId));
  return row ?? null;
}
