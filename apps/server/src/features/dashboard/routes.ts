// Dashboard calls of SPEC.md §7: blocker totals for a report range, the empty-whitelist
// warning and the admin-access state.
import { api, planIncludes } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../audit.js';
import { countryBlocker, shops } from '../../db/schema.js';
import { forbidden } from '../../errors.js';
import { UPGRADE_MESSAGE } from '../billing/gates.js';
import { route } from '../../http/route.js';
import { shopOfSession } from '../../shops.js';
import { currentUsage } from '../billing/metering.js';
import { dashboardData } from './queries.js';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getDashboardData, async ({ days }, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const data = await dashboardData(app.db, shop, days);
    // Usage is the billing period's count of protected page views (Pay-As-You-Go metering).
    const usage = await currentUsage(app.db, shop.id);
    return { ...data, usage: usage?.views ?? 0 };
  });

  route(app, api.checkEmptyWhiteLists, async (_input, { session }) => {
    const [row] = await app.db
      .select()
      .from(countryBlocker)
      .where(eq(countryBlocker.shopId, session.shopId));
    return row?.mode === 'whitelist' && row.countries.length === 0;
  });

  route(app, api.getAdminAccess, async (_input, { session }) => {
    const shop = await shopOfSession(app.db, session);
    return { isAdminAccessMode: shop.adminAccessMode };
  });

  // The dashboard arms Admin Access right before it opens the storefront at
  // `?shopId=…&idya=…`; only an armed shop accepts a new admin device (see
  // features/protection/admin-access). Turning it on also turns the feature on.
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

/** How long the storefront link opened from the dashboard may mark a device. */
export const ADMIN_ACCESS_ARM_MS = 5 * 60 * 1000;
