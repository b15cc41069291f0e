// showRating: answers the rule of show-rating.ts from the shop's real state, and records the
// prompt when it says yes so the next 24 hours stay quiet.
import { api } from '@gatehouse/contracts';
import { and, desc, eq, notInArray, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blockerHourlyCounts, orderCounters, ratingEvents } from '../../core/db/schema.js';
import { route } from '../../core/http/route.js';
import { shopOfSession } from '../../core/shops.js';
import { shouldShowRating } from './show-rating.js';

export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    api.showRating,
    async (_input, { session }) => {
      const shop = await shopOfSession(app.db, session);
      const [blocked] = await app.db
        .select({ total: sum(blockerHourlyCounts.count) })
        .from(blockerHourlyCounts)
        .where(
          and(
            eq(blockerHourlyCounts.shopId, shop.id),
            notInArray(blockerHourlyCounts.blocker, ['pageViews', ...orderCounters]),
          ),
        );
      const [last] = await app.db
        .select({ createdAt: ratingEvents.createdAt })
        .from(ratingEvents)
        .where(eq(ratingEvents.shopId, shop.id))
        .orderBy(desc(ratingEvents.createdAt))
        .limit(1);
      const show = shouldShowRating({
        now: new Date(),
        installedAt: shop.installedAt,
        uninstalledAt: shop.uninstalledAt,
        isReviewLeft: shop.isReviewLeft,
        impersonated: session.impersonated,
        blockedVisits: Number(blocked?.total ?? 0),
        lastRatingEventAt: last?.createdAt ?? null,
      });
      if (show) await app.db.insert(ratingEvents).values({ shopId: shop.id, kind: 'prompt_shown' });
      return show;
    },
    { mutates: true },
  );
}
