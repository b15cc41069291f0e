// Reads and writes a shop's Fraud Protect settings (the defaults until the first save).
import { DEFAULT_FRAUD_PROTECT, type FraudProtectSettings } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { fraudProtectSettings } from './fraud-protect-schema.js';

export async function loadFraudSettings(
  db: Database,
  shopId: string,
): Promise<FraudProtectSettings> {
  const [row] = await db
    .select()
    .from(fraudProtectSettings)
    .where(eq(fraudProtectSettings.shopId, shopId));
  if (!row) return DEFAULT_FRAUD_PROTECT;
  return {
    enabled: row.enabled,
    actOnMedium: row.actOnMedium,
    mode: row.mode,
    reason: row.reason,
    refund: row.refund,
    restock: row.restock,
    notifyCustomer: row.notifyCustomer,
    tag: row.tag,
    exemptCustomerTags: row.exemptCustomerTags,
    minOrderAmount: row.minOrderAmount === null ? null : Number(row.minOrderAmount),
    exemptReturningCustomers: row.exemptReturningCustomers,
    monitor: row.monitor,
    writeOrderRisk: row.writeOrderRisk,
  };
}

export async function saveFraudSettings(
  db: Database,
  shopId: string,
  settings: FraudProtectSettings,
): Promise<void> {
  const values = {
    ...settings,
    minOrderAmount: settings.minOrderAmount === null ? null : settings.minOrderAmount.toFixed(2),
    updatedAt: new Date(),
  };
  await db
    .insert(fraudProtectSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: fraudProtectSettings.shopId, set: values });
}
