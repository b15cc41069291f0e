// app/uninstalled: the merchant removed Gatehouse. The shop is marked uninstalled, its token
// forgotten and every session revoked. Running it twice changes nothing more.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../audit.js';
import { sessions, shops } from '../../db/schema.js';

export async function handleAppUninstalled(app: FastifyInstance, shopDomain: string) {
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, shopDomain));
  if (!shop) return;
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await tx
      .update(shops)
      .set({
        uninstalledAt: shop.uninstalledAt ?? now,
        accessTokenIv: null,
        accessTokenTag: null,
        accessTokenCiphertext: null,
        updatedAt: now,
      })
      .where(eq(shops.id, shop.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.shopId, shop.id), isNull(sessions.revokedAt)));
  });
  app.platform.invalidateAppEmbedState(shopDomain);
  if (!shop.uninstalledAt) {
    await audit(app.db, { shopId: shop.id, actor: 'platform', action: 'shop.uninstalled' });
  }
}
