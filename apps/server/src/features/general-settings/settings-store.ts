// The shop's General Settings row (created on first save; defaults apply without one).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { generalSettings, type GeneralSettingsRow } from '../../protection/protection-schema.js';

type Writable = Partial<Omit<typeof generalSettings.$inferInsert, 'shopId' | 'updatedAt'>>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function saveProtectionSettings(db: Database | Tx, shopId: string, values: Writable) {
  await db
    .insert(generalSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({
      target: generalSettings.shopId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function loadGeneralSettings(
  db: Database,
  shopId: string,
): Promise<GeneralSettingsRow | null> {
  const [row] = await db.select().from(generalSettings).where(eq(generalSettings.shopId, shopId));
  return row ?? null;
}
