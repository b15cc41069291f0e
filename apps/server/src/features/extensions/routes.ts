// The Extensions feature's call beside the account's embed status: since when the app embed has
// been off after being on, for the warning on the dashboard and the Extensions page. Read from
// what the embed watch recorded, so it costs the platform nothing however often it is asked.
import { api } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../core/http/route.js';
import { embedOffSince } from './embed-watch.js';

export async function extensionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getAppEmbedWarning, async (_input, { session }) => {
    const since = await embedOffSince(app, session.shopId);
    return { offSince: since?.toISOString() ?? null };
  });
}
