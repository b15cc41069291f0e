// The merchant's calls on access requests: the kept requests, each with the rule that blocked
// its visit named as the visitor log names it (the visit is found by the reference's time and
// the address), how many requests each rule drew this week, and "allow": the request's address
// goes into the IP allow list through the IP lists' own quick action (its canonical form,
// compile check and plan cap), and the request is marked allowed.
import {
  ACCESS_REQUEST_WEEK_DAYS,
  accessRequestMessages as m,
  api,
  type AccessRequestView,
} from '@gatehouse/contracts';
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accessRequests } from '../../protection/access-requests-schema.js';
import { visits } from '../../protection/protection-schema.js';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { decidingRuleOf, ruleLabeler } from '../../protection/rule-labels.js';
import { shopOfSession } from '../../core/shops.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Requests listed at most (the newest). */
const LIST_LIMIT = 200;

/** The blocked visit a request names: same shop, address and millisecond. */
const visitOfRequest = and(
  eq(visits.shopId, accessRequests.shopId),
  eq(visits.ip, accessRequests.ip),
  eq(visits.time, accessRequests.visitTime),
  eq(visits.action, 'block'),
);

export async function accessRequestRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.listAccessRequests, async (_query, { session }) => {
    // The rule as the visit kept it when it decided, so it reads as in the visitor log.
    const blockedVisit = app.db
      .select({
        ruleId: visits.ruleId,
        ruleKind: visits.ruleKind,
        ruleLabel: visits.ruleLabel,
        ruleMode: visits.ruleMode,
      })
      .from(visits)
      .where(visitOfRequest)
      .limit(1)
      .as('blocked_visit');
    const rows = await app.db
      .select({
        id: accessRequests.id,
        createdAt: accessRequests.createdAt,
        reference: accessRequests.reference,
        visitTime: accessRequests.visitTime,
        ip: sql<string>`host(${accessRequests.ip})`,
        email: accessRequests.email,
        message: accessRequests.message,
        allowedAt: accessRequests.allowedAt,
        ruleId: blockedVisit.ruleId,
        ruleKind: blockedVisit.ruleKind,
        ruleLabel: blockedVisit.ruleLabel,
        ruleMode: blockedVisit.ruleMode,
      })
      .from(accessRequests)
      .leftJoinLateral(blockedVisit, sql`true`)
      .where(eq(accessRequests.shopId, session.shopId))
      .orderBy(desc(accessRequests.createdAt))
      .limit(LIST_LIMIT);
    const [open] = await app.db
      .select({ n: count() })
      .from(accessRequests)
      .where(and(eq(accessRequests.shopId, session.shopId), isNull(accessRequests.allowedAt)));
    const labels = await ruleLabeler(
      app.blockers,
      app.db,
      session.shopId,
      rows.map((r) => decidingRuleOf(r)),
    );
    const requests: AccessRequestView[] = rows.map((r) => ({
      id: r.id,
      sentAt: r.createdAt.toISOString(),
      reference: r.reference,
      visitTime: r.visitTime.toISOString(),
      ip: r.ip,
      email: r.email,
      message: r.message,
      rule: labels.rule(decidingRuleOf(r)),
      allowedAt: r.allowedAt?.toISOString() ?? null,
    }));
    return { requests, open: Number(open?.n ?? 0) };
  });

  route(app, api.accessRequestCounts, async (_query, { session }) => {
    const since = new Date(Date.now() - ACCESS_REQUEST_WEEK_DAYS * DAY_MS);
    const rows = await app.db
      .select({ ruleId: visits.ruleId, n: count() })
      .from(accessRequests)
      .innerJoin(visits, visitOfRequest)
      .where(and(eq(accessRequests.shopId, session.shopId), gte(accessRequests.createdAt, since)))
      .groupBy(visits.ruleId);
    const counts: Record<string, number> = {};
    for (const row of rows) if (row.ruleId) counts[row.ruleId] = Number(row.n);
    return { counts };
  });

  route(
    app,
    api.allowAccessRequest,
    async ({ id }, { session }) => {
      const shop = await shopOfSession(app.db, session);
      const [row] = await app.db
        .select({ ip: sql<string>`host(${accessRequests.ip})`, email: accessRequests.email })
        .from(accessRequests)
        .where(and(eq(accessRequests.id, id), eq(accessRequests.shopId, shop.id)));
      if (!row) throw badRequest(m.requestId);
      const allowIp = app.blockers.quickAction('allowIp');
      if (!allowIp) throw badRequest(m.requestId);
      const result = await allowIp(
        app.blockers,
        app.db,
        shop,
        row.ip,
        'Allowed from an access request',
      );
      if (result.changed) await app.protection.changed(shop.id);
      await app.db
        .update(accessRequests)
        .set({ allowedAt: new Date() })
        .where(
          and(
            eq(accessRequests.shopId, shop.id),
            eq(accessRequests.ip, row.ip),
            isNull(accessRequests.allowedAt),
          ),
        );
      return result;
    },
    { mutates: true },
  );
}
