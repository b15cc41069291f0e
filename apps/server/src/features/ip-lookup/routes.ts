// GET /api/iplookup/lookup?ip=: the IP Address Lookup page's one call.
import { api } from '@gatehouse/contracts';
import { route } from '../../http/route.js';
import type { FastifyInstance } from 'fastify';
import { cityGeo } from './city-geo.js';
import { lookupIp } from './lookup.js';

export function registerIpLookupRoutes(app: FastifyInstance): void {
  route(app, api.lookupIp, async ({ ip }, { session }) =>
    lookupIp(app.db, session.shopId, await cityGeo(), ip),
  );
}
