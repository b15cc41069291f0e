// GET /api/firewall/policies: what every firewall instance reads to know the shops it
// protects: each shop with the Firewall on, an origin and at least one domain, on a plan that
// includes it, with its rule set, block page and rate limit. Only the firewalls may read it:
// the bearer must be the firewall key (compared in constant time). The answer carries an ETag
// of its content, so an unchanged snapshot is answered 304 and costs the firewall nothing.
//
// `?wait=N` (1 to 55 seconds) makes it a long poll: when the firewall's ETag is still current
// the answer waits until a shop's rules or Firewall settings change (heard on the rules
// channel: LISTEN/NOTIFY between server instances, in-process on PGlite) or N seconds pass,
// and then answers the snapshot as it is by then. Firewalls learn of a change at once instead
// of polling, and an unchanged snapshot costs one read per wait.
import { createHash } from 'node:crypto';
import { FIREWALL_POLICIES_PATH, planIncludes, type FirewallSnapshot } from '@gatehouse/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { shops } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { RULES_CHANGED_CHANNEL } from '../../protection/services.js';
import { requireFirewallKey } from './firewall-key.js';
import { firewallSettings } from './firewall-schema.js';
import { firewallShopOf, settingsOf } from './firewall-store.js';

/** Changes close together (a save touching several tables) are answered as one. */
const SETTLE_MS = 100;
const WAIT = /^[1-9]\d?$/;
const MAX_WAIT_SECONDS = 55;

async function readSnapshot(app: FastifyInstance) {
  const rows = await app.db
    .select()
    .from(firewallSettings)
    .innerJoin(shops, eq(shops.id, firewallSettings.shopId))
    .where(and(eq(firewallSettings.enabled, true), isNull(shops.uninstalledAt)));
  const snapshot: FirewallSnapshot = { shops: [] };
  for (const { shops: shop, firewall_settings: row } of rows) {
    const settings = settingsOf(row);
    if (!planIncludes(shop.plan, 'firewall') || settings.origin === '') continue;
    if (settings.hosts.length === 0) continue;
    snapshot.shops.push(
      await firewallShopOf(app.blockers, app.firewallBlockers, app.db, shop, settings),
    );
  }
  const body = JSON.stringify(snapshot);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/**
 * Resolves on the next rules change (and a moment to settle), after `ms`, when the caller
 * leaves, or when the server closes.
 */
function nextChange(
  app: FastifyInstance,
  request: FastifyRequest,
  ms: number,
  waiting: Set<() => void>,
): Promise<void> {
  return new Promise((resolve) => {
    let settle: NodeJS.Timeout | null = null;
    const done = () => {
      waiting.delete(done);
      clearTimeout(timer);
      if (settle) clearTimeout(settle);
      unsubscribe();
      request.raw.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = app.notify.subscribe(RULES_CHANGED_CHANNEL, () => {
      settle ??= setTimeout(done, SETTLE_MS);
    });
    request.raw.once('close', done);
    waiting.add(done);
  });
}

export async function policySnapshotRoute(app: FastifyInstance): Promise<void> {
  /** Long polls waiting now: the server's close answers them at once. */
  const waiting = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const done of [...waiting]) done();
  });
  // Every firewall reads it all the time: its request lines are not logged.
  app.get(FIREWALL_POLICIES_PATH, { logLevel: 'warn' }, async (request, reply) => {
    requireFirewallKey(request.headers.authorization, app.config.firewall.key);
    const wait = (request.query as Record<string, unknown> | undefined)?.wait;
    if (
      wait !== undefined &&
      (typeof wait !== 'string' || !WAIT.test(wait) || Number(wait) > MAX_WAIT_SECONDS)
    ) {
      throw badRequest(`wait must be a whole number of seconds from 1 to ${MAX_WAIT_SECONDS}.`);
    }
    const known = request.headers['if-none-match'];
    let current = await readSnapshot(app);
    if (wait !== undefined && known === current.etag) {
      await nextChange(app, request, Number(wait) * 1000, waiting);
      if (request.raw.destroyed) return reply.code(304).send();
      current = await readSnapshot(app);
    }
    void reply.header('etag', current.etag).header('cache-control', 'no-store');
    if (known === current.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(current.body);
  });
}
