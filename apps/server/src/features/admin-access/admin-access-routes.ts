// Admin Access's merchant calls: where Admin Access stands (getAdminAccess: whether it is in
// force, how many devices are marked, and whether the asking browser is one of them, known by
// the key that browser armed its marking with), and arming the shop right before the dashboard
// opens the storefront at `?shopId=…&idya=…`: only an armed shop accepts a new admin device
// (admin-access-route.ts). Turning it on also turns the setting on.
import { api, planIncludes } from '@gatehouse/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../core/audit.js';
import { hashSecret } from '../../core/crypto/secrets.js';
import { adminDevices } from '../../protection/protection-schema.js';
import { shops } from '../../core/db/schema.js';
import { forbidden } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { UPGRADE_MESSAGE } from '../../core/plan-gates.js';
import { shopOfSession } from '../../core/shops.js';

/** How long the storefront link opened from the dashboard may mark a device. */
export const ADMIN_ACCESS_ARM_MS = 5 * 60 * 1000;

export async function adminAccessRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getAdminAccess, async ({ device }, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const marked = await app.db
      .select({ adminKeyHash: adminDevices.adminKeyHash })
      .from(adminDevices)
      .where(and(eq(adminDevices.shopId, shop.id), isNull(adminDevices.revokedAt)));
    const key = device === undefined ? null : hashSecret(device);
    const thisDevice = key !== null && marked.some((d) => d.adminKeyHash === key);
    // Decisions let a marked device in only while the setting is on and the plan includes it.
    const enabled = shop.adminAccessEnabled && planIncludes(shop.plan, 'adminAccess');
    return {
      isAdminAccessMode: enabled && thisDevice,
      enabled,
      markedDevices: marked.length,
      thisDevice,
    };
  });

  route(app, api.armAdminAccess, async ({ enabled, device }, { session }) => {
    const shop = await shopOfSession(app.db, session);
    if (enabled && !planIncludes(shop.plan, 'adminAccess')) throw forbidden(UPGRADE_MESSAGE);
    await app.db
      .update(shops)
      .set({
        adminAccessArmedUntil: new Date(Date.now() + ADMIN_ACCESS_ARM_MS),
        adminAccessArmedBy: device === undefined ? null : hashSecret(device),
        ...(enabled ? { adminAccessEnabled: true } : {}),
        updatedAt: new Date(),
      })
      .where(eq(shops.id, shop.id));
    await audit(app.db, {
      shopId: shop.id,
      actor: session.impersonated ? 'support' : 'merchant',
      impersonated: session.impersonated,
      action: 'adminAccess.armed',
      // Inside the platform's admin the session token names the staff member who did it.
      detail: { enabled, ...(session.staffUserId ? { staffUserId: session.staffUserId } : {}) },
    });
    return true;
  });
}
