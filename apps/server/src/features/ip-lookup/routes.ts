// GET /api/iplookup/lookup?ip=: the IP Address Lookup page's one call.
import { api } from '@gatehouse/contracts';
import { route } from '../../core/http/route.js';
import type { FastifyInstance } from 'fastify';
import { messages, unavailable } from '../../core/errors.js';
import { lookupIp } from './lookup.js';

export async function ipLookupRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.lookupIp, async ({ ip, ua }, { session }) => {
    // The same geo data the decisions use (loaded at start, shared).
    const geo = app.protection.geo.current() ?? (await app.protection.geo.ready);
    if (!geo) throw unavailable(messages.geoUnavailable);
    return lookupIp(
      app.blockers,
      app.db,
      session.shopId,
      geo,
      app.protection.crawlerDns,
      ip,
      ua ?? '',
    );
  });
}
