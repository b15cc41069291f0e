// Admin Access's merchant calls: whether the mode is on (getAdminAccess; `isAdminAccessMode`
// on the wire), and arming the shop right before the dashboard opens the storefront at
// `?shopId=…&idya=…`: only an armed shop accepts a new admin device (admin-access-route.ts).
// Turning it on also turns the setting on.
import { api, planIncludes } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../audit.js';
import { shops } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import { route } from '../../http/route.js';
import { UPGRADE_MESSAGE } from '../../plan-gates.js';
import { shopOfSession } from '../../shops.js';

/** How long the storefront link opened from the dashboard may mark a device. */
export const ADMIN_ACCESS_ARM_MS = 5 * 60 * 1000;

export async function adminAccessRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getAdminAccess, async (_input, { session }) => {
    const shop = await shopOfSession(app.db, session);
    return { isAdminAccessMode: shop.adminAccessMode };
  });

  route(app, api.armAdminAccess, async ({ enabled }, { session }) => {
    const shop = await shopOfSession(app.db, session);
    if (enabled && !planIncludes(shop.plan, 'adminAccess')) throw forbidden(UPGRADE_MESSAGE);
    await app.db
      .update(shops)
      .set({
        adminAccessArmedUntil: new Date(Date.now() + ADMIN_ACCESS_ARM_MS),
        ...(enabled ? { adminAccessEnabled: true } : {}),
        updatedAt: new Date(),
      })
      .where(eq(shops.id, shop.id));
    await audit(app.db, {
      shopId: shop.id,
      actor: session.impersonated ? 'support' : 'merchant',
      impersonated: session.impersonated,
      action: 'adminAccess.armed',
      detail: { enabled },
    });
    return true;
  });
}
