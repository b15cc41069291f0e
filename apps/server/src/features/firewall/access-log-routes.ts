// The Realtime Access Log's calls. POST /api/firewall/accessLog: a firewall instance's batch of
// requests (the firewall key as bearer), stored with one INSERT for the shops whose Firewall
// is on; each shop that got entries is announced on the `gatehouse_fw_log` channel so every
// server instance's live tails read them at once. GET /api/fwAccessLog/get: the merchant's
// history, newest first, a page at a time by id (keyset), under the filters. The live tail is
// access-log-stream.ts; the retention job access-log-retention.ts.
import {
  api,
  FIREWALL_ACCESS_LOG_PATH,
  FIREWALL_ACCESS_PAGE,
  firewallAccessBatch,
  requestHygieneProblem,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { accessLogRetentionJob } from './access-log-retention.js';
import { entryOf, readPage, storeBatch } from './access-log-store.js';
import { accessLogStream } from './access-log-stream.js';
import { requireFirewallKey } from '../../core/http/firewall-key.js';

export const FIREWALL_LOG_CHANNEL = 'gatehouse_fw_log';
/** A batch of FIREWALL_ACCESS_BATCH_MAX entries with the longest URLs fits well within this. */
const BATCH_BODY_LIMIT = 2 * 1024 * 1024;

export async function accessLogRoutes(app: FastifyInstance): Promise<void> {
  const label = (kind: string) =>
    app.firewallBlockers.kindInfo(kind)?.label ?? app.blockers.kindInfo(kind)?.label ?? kind;

  // Every firewall sends a batch every second or so: its request lines are not logged.
  app.post(
    FIREWALL_ACCESS_LOG_PATH,
    { logLevel: 'warn', bodyLimit: BATCH_BODY_LIMIT },
    async (request, reply) => {
      requireFirewallKey(request.headers.authorization, app.config.firewall.key);
      const problem = requestHygieneProblem(request.body);
      if (problem) throw badRequest(problem);
      const batch = firewallAccessBatch.parse(request.body ?? {});
      const { stored, shops } = await storeBatch(app.db, batch.entries);
      await Promise.all(shops.map((shopId) => app.notify.publish(FIREWALL_LOG_CHANNEL, shopId)));
      return reply.type('application/json; charset=utf-8').send({ stored });
    },
  );

  route(app, api.getFirewallAccessLog, async (input, { session }) => {
    const { before, ...filters } = input;
    const page = await readPage(
      app.db,
      session.shopId,
      filters,
      before === undefined ? null : Number(before),
      FIREWALL_ACCESS_PAGE,
    );
    return {
      entries: page.rows.map((row) => entryOf(row, label)),
      next: page.next === null ? null : String(page.next),
      tail: page.tail,
    };
  });

  await app.register(accessLogStream, { channel: FIREWALL_LOG_CHANNEL, label });

  const retention = accessLogRetentionJob({
    db: app.db,
    log: app.log,
    schedule: app.config.protection.visitPurgeSchedule,
  });
  await app.jobs.define(retention);
}
