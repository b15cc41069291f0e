// Dashboard calls of SPEC.md §7: blocker totals for a report range, the empty-whitelist
// warning and the admin-access state.
import { api } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countryBlocker } from '../../db/schema.js';
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
}
