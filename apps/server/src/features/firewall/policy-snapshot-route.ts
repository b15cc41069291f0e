// GET /api/firewall/policies: what every firewall instance reads, every couple of seconds, to
// know the shops it protects: each shop with the Firewall on, an origin and at least one
// domain, on a plan that includes it, with its rule set, block page and rate limit. Only the
// firewalls may read it: the bearer must be the firewall key (compared in constant time). The
// answer carries an ETag of its content, so an unchanged snapshot is answered 304 and costs the
// firewall nothing to apply.
import { createHash } from 'node:crypto';
import { FIREWALL_POLICIES_PATH, planIncludes, type FirewallSnapshot } from '@gatehouse/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../db/schema.js';
import { requireFirewallKey } from './firewall-key.js';
import { firewallSettings } from './firewall-schema.js';
import { firewallShopOf, settingsOf } from './firewall-store.js';

export async function policySnapshotRoute(app: FastifyInstance): Promise<void> {
  // Every firewall reads it every couple of seconds: its request lines are not logged.
  app.get(FIREWALL_POLICIES_PATH, { logLevel: 'warn' }, async (request, reply) => {
    requireFirewallKey(request.headers.authorization, app.config.firewall.key);
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
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    void reply.header('etag', etag).header('cache-control', 'no-store');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
