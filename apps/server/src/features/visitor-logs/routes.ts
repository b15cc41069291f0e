// The visitor log's calls: the filtered keyset list, quick actions on a row (carried out by
// the blocker that offers them, through the registry), the streamed CSV export (plan feature
// csvExport) and the dashboard's allowed/blocked chart.
import { Readable } from 'node:stream';
import {
  api,
  VISIT_EXPORT_COUNT_HEADER,
  VISIT_EXPORT_PATH,
  visitExportColumns,
  visitExportQuery,
  visitorLogMessages as m,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { assertCleanRequest, route } from '../../core/http/route.js';
import { badRequest } from '../../core/errors.js';
import { shopOfSession } from '../../core/shops.js';
import { requireFeature } from '../../core/plan-gates.js';
import { csvRow } from '../../core/csv/csv.js';
import { timeSeries } from './time-series.js';
import { countVisits, findVisits } from './visit-query.js';
import { toVisitViews } from './visit-view.js';

const EXPORT_PAGE = 2000;

export async function visitorLogRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.listVisits, async ({ cursor, limit, ...filters }, { session }) => {
    const page = await findVisits(app.db, session.shopId, filters, {
      cursor,
      limit,
      urlScanBudget: app.config.protection.visitUrlSearchBudget,
    });
    return {
      visits: await toVisitViews(app.blockers, app.db, session.shopId, page.visits),
      nextCursor: page.nextCursor,
      searchedTo: page.searchedTo?.toISOString() ?? null,
    };
  });

  route(
    app,
    api.visitQuickAction,
    async ({ action, value }, { session }) => {
      const shop = await shopOfSession(app.db, session);
      const handler = app.blockers.quickAction(action);
      if (!handler) throw badRequest(m.quickAction);
      const { checked, ...result } = await handler(app.blockers, app.db, shop, value);
      if (result.changed) await app.protection.changed(shop.id, checked);
      return result;
    },
    { mutates: true },
  );

  route(app, api.getTimeSeries, async ({ days }, { session }) =>
    timeSeries(app.db, session.shopId, days),
  );

  app.get(VISIT_EXPORT_PATH, async (request, reply) => {
    const session = await app.authenticate(request);
    assertCleanRequest(request);
    const shop = await shopOfSession(app.db, session);
    requireFeature(shop, 'csvExport');
    const { cursor: _cursor, limit: _limit, ...filters } = visitExportQuery.parse(request.query);
    const total = await countVisits(app.db, shop.id, filters);
    const db = app.db;
    async function* lines() {
      yield csvRow([...visitExportColumns]);
      let cursor: string | undefined;
      do {
        const page = await findVisits(db, shop.id, filters, { cursor, limit: EXPORT_PAGE });
        const views = await toVisitViews(app.blockers, db, shop.id, page.visits);
        // One chunk per page: fewer, larger writes.
        yield views
          .map((v) =>
            csvRow([
              v.time,
              v.ip,
              v.country,
              v.region,
              v.city,
              v.asn,
              v.org,
              v.url,
              v.referrer,
              v.userAgent,
              v.device,
              v.action,
              v.rule?.label ?? null,
              v.rule?.mode ?? v.monitor?.mode ?? null,
              v.monitor?.label ?? null,
              v.monitor?.action ?? null,
              v.network.join(' '),
              v.botCategory,
              v.crawler,
            ]),
          )
          .join('');
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="visitors-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .header(VISIT_EXPORT_COUNT_HEADER, String(total))
      .header('access-control-expose-headers', VISIT_EXPORT_COUNT_HEADER)
      .send(Readable.from(lines()));
  });
}
