// app/uninstalled: the merchant removed Gatehouse. In the transaction that records the delivery
// the shop is marked uninstalled, its token forgotten and every session revoked, so protection
// and the admin stop the moment the platform has its 200; a delivery whose event happened
// before the shop installed again changes nothing. After the commit (and again in the job,
// which any instance may run) the cached embed state is dropped and every instance rebuilds
// the shop's policy, which an uninstalled shop no longer has. Running it twice changes nothing.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../core/audit.js';
import type { Database } from '../../core/db/client.js';
import { sessions, shops } from '../../core/db/schema.js';
import type { WebhookDelivery } from '../../core/http/webhook-topic.js';
import { accessChanged } from '../../core/sessions/access-changes.js';

export async function markShopUninstalled(tx: Database, delivery: WebhookDelivery): Promise<void> {
  const [shop] = await tx.select().from(shops).where(eq(shops.domain, delivery.shopDomain));
  if (!shop) return;
  const reinstalledSince =
    delivery.triggeredAt !== null && !shop.uninstalledAt && shop.installedAt > delivery.triggeredAt;
  if (reinstalledSince) return;
  const now = new Date();
  await tx
    .update(shops)
    .set({
      uninstalledAt: shop.uninstalledAt ?? now,
      accessTokenIv: null,
      accessTokenTag: null,
      accessTokenCiphertext: null,
      accessTokenExpiresAt: null,
      refreshTokenIv: null,
      refreshTokenTag: null,
      refreshTokenCiphertext: null,
      refreshTokenExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(shops.id, shop.id));
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.shopId, shop.id), isNull(sessions.revokedAt)));
  if (!shop.uninstalledAt) {
    await audit(tx, { shopId: shop.id, actor: 'platform', action: 'shop.uninstalled' });
  }
}

/** What cannot happen inside the transaction: in-memory caches and the other instances. */
export async function stopShop(app: FastifyInstance, shopDomain: string) {
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, shopDomain));
  app.platform.invalidateAppEmbedState(shopDomain);
  if (!shop) return { shop: 'unknown' };
  await accessChanged(app.notify, app.log, shop.id);
  await app.protection.changed(shop.id);
  return { uninstalled: shop.uninstalledAt !== null };
}

export async function handleAppUninstalled(app: FastifyInstance, shopDomain: string) {
  return stopShop(app, shopDomain);
}
