// POST /api/storefront/accessRequest: a blocked shopper's "request access" form. Public, so
// everything is checked: the body by the contract, the shop (installed), and the reference,
// whose address tag must be the sender's own address (a request only ever speaks for the
// address it comes from, which is the one the merchant can then allow). Limits: a few requests
// per address (the app's rate limiter), one per visit reference, and a cap per shop per hour
// counted in the database, so a flood from many addresses cannot bury the merchant's log.
import {
  ACCESS_REQUEST_PATH,
  accessRequestBody,
  accessRequestMessages as m,
  parseVisitReference,
  visitAddressTag,
  visitReference,
  visitReferenceTime,
  type AccessRequestAnswer,
} from '@gatehouse/contracts';
import { normalizeIp } from '@gatehouse/engine/values';
import { and, count, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accessRequests } from '../../protection/access-requests-schema.js';
import { badRequest, tooManyRequests } from '../../core/errors.js';
import { assertCleanRequest } from '../../core/http/route.js';
import { installedShopId } from '../../core/shops.js';

const HOUR_MS = 60 * 60 * 1000;
/** Requests one store takes per hour; past it the shopper is asked to write by email. */
export const SHOP_REQUESTS_PER_HOUR = 60;
/** A reference older than this is refused: the shopper reloads and gets a fresh one. */
const MAX_AGE_MS = 7 * 24 * HOUR_MS;

export async function accessRequestRoute(app: FastifyInstance): Promise<void> {
  app.post(
    ACCESS_REQUEST_PATH,
    { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } },
    async (request, reply): Promise<AccessRequestAnswer> => {
      void reply.header('access-control-allow-origin', '*');
      void reply.header('cache-control', 'no-store');
      const input = accessRequestBody.parse(request.body ?? {});
      assertCleanRequest(request);
      const shopId = await installedShopId(app.db, input.shop);
      if (shopId === null) throw badRequest(m.unknownShop);

      const ip = normalizeIp(request.ip);
      const parsed = parseVisitReference(input.reference)!;
      if (ip === null || parsed.tag !== visitAddressTag(ip)) throw badRequest(m.notYourVisit);
      const now = Date.now();
      const visitTime = visitReferenceTime(parsed, now);
      if (now - visitTime > MAX_AGE_MS) throw badRequest(m.tooOld);
      // The reference as the block page printed it, whatever way it was typed.
      const reference = visitReference(visitTime, ip);

      const [sent] = await app.db
        .select({ id: accessRequests.id })
        .from(accessRequests)
        .where(and(eq(accessRequests.shopId, shopId), eq(accessRequests.reference, reference)));
      if (sent) return { message: m.alreadySent };
      const [recent] = await app.db
        .select({ n: count() })
        .from(accessRequests)
        .where(
          and(
            eq(accessRequests.shopId, shopId),
            gte(accessRequests.createdAt, new Date(now - HOUR_MS)),
          ),
        );
      if ((recent?.n ?? 0) >= SHOP_REQUESTS_PER_HOUR) {
        request.log.warn({ shopId }, 'access request refused: the store hourly cap');
        throw tooManyRequests(m.storeBusy);
      }
      // Two sends of one visit at the same moment both pass the check above; the unique index
      // keeps the first, and the other is told it was already sent.
      const stored = await app.db
        .insert(accessRequests)
        .values({
          shopId,
          reference,
          visitTime: new Date(visitTime),
          ip,
          email: input.email,
          message: input.message,
        })
        .onConflictDoNothing({ target: [accessRequests.shopId, accessRequests.reference] })
        .returning({ id: accessRequests.id });
      return { message: stored.length > 0 ? m.sent : m.alreadySent };
    },
  );
}
