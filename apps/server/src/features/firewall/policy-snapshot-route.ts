// GET /api/firewall/policies: what every firewall instance reads to know the shops it
// protects: each shop with the Firewall on, an origin and at least one domain, on a plan that
// includes it, with its rule set, block page and rate limit. Only the firewalls may read it:
// the bearer must be the firewall key (compared in constant time). The answer carries an ETag
// of its content, so an unchanged snapshot is answered 304 and costs the firewall nothing.
//
// `?wait=N` (1 to 55 seconds) makes it a long poll (`app.longPolls`): when the firewall's ETag
// is still current the answer waits until a shop's rules or Firewall settings change (heard on
// the rules channel) or N seconds pass. Firewalls learn of a change at once instead of
// polling, and an unchanged snapshot costs one read per wait.
import { createHash } from 'node:crypto';
import { FIREWALL_POLICIES_PATH, planIncludes, type FirewallSnapshot } from '@gatehouse/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../core/db/schema.js';
import { requireFirewallKey } from '../../core/http/firewall-key.js';
import { RULES_CHANGED_CHANNEL } from '../../protection/services.js';
import { firewallSettings } from './firewall-schema.js';
import { firewallShopOf, settingsOf } from './firewall-store.js';

/** The name the snapshot's waiting reads are counted under (`app.longPolls.waiting`). */
export const POLICY_SNAPSHOT_POLLS = 'firewall-policies';

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

export async function policySnapshotRoute(app: FastifyInstance): Promise<void> {
  // Every firewall reads it all the time: its request lines are not logged.
  app.get(FIREWALL_POLICIES_PATH, { logLevel: 'warn' }, async (request, reply) => {
    requireFirewallKey(request.headers.authorization, app.config.firewall.key);
    // The ETag is the content's: the snapshot read for it is the one answered.
    let last: Awaited<ReturnType<typeof readSnapshot>> | null = null;
    return app.longPolls.answer(request, reply, {
      name: POLICY_SNAPSHOT_POLLS,
      channel: RULES_CHANGED_CHANNEL,
      tag: async () => (last = await readSnapshot(app)).etag,
      read: async () => last ?? readSnapshot(app),
    });
  });
}
