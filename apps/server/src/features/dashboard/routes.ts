// The dashboard's numbers: blocker totals for a report range and the period's protected page
// views, which the app layer's `currentUsage` (billing's metering) counts.
import { api } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/client.js';
import { route } from '../../core/http/route.js';
import { shopOfSession } from '../../core/shops.js';
import { dashboardData } from './queries.js';

export interface DashboardOptions {
  currentUsage(db: Database, shopId: string): Promise<{ views: number } | null>;
}

export async function dashboardRoutes(
  app: FastifyInstance,
  { currentUsage }: DashboardOptions,
): Promise<void> {
  route(app, api.getDashboardData, async ({ days }, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const data = await dashboardData(app.db, shop, days);
    // Usage is the billing period's count of protected page views (Pay-As-You-Go metering).
    const usage = await currentUsage(app.db, shop.id);
    return { ...data, usage: usage?.views ?? 0 };
  });
}
