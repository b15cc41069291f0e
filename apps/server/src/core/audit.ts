// The audit trail: who (merchant, support, platform, system) did what to which shop, and
// whether it happened under impersonation.
import type { Database } from './db/client.js';
import { auditLog, type Actor } from './db/schema.js';

export interface AuditEntry {
  shopId: string | null;
  actor: Actor;
  action: string;
  impersonated?: boolean;
  detail?: Record<string, unknown>;
}

export async function audit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    shopId: entry.shopId,
    actor: entry.actor,
    action: entry.action,
    impersonated: entry.impersonated ?? false,
    detail: entry.detail ?? {},
  });
}
