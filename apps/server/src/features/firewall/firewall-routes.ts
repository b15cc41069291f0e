// Firewall Settings (/firewallSettings, Premium): on or off, the store's origin, the domains
// pointed at the firewall, the storefront blockers it enforces too, and its rate limit; and
// getWafConnected, which probes the shop's domains for the firewall (waf-probe.ts) rather than
// reading a flag. The answer is also kept on the shop for the support back office. A domain
// can be served for one shop only, and the origin must be a public address of the store
// (origin-check.ts).
import { api, firewallMessages, type FirewallSettingsView } from '@gatehouse/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { HostLookup } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { RULES_CHANGED_CHANNEL } from '../../protection/services.js';
import { shopOfSession } from '../../core/shops.js';
import { accessLogRoutes } from './access-log-routes.js';
import { firewallSettings } from './firewall-schema.js';
import { loadFirewallSettings, saveFirewallSettings } from './firewall-store.js';
import { originProblem } from './origin-check.js';
import { policySnapshotRoute } from './policy-snapshot-route.js';
import { probeHosts } from './waf-probe.js';

export interface FirewallRoutesOptions {
  /** How origin host names are resolved; the system's resolver when absent. */
  lookup?: HostLookup;
}

export async function firewallRoutes(
  app: FastifyInstance,
  options: FirewallRoutesOptions = {},
): Promise<void> {
  const { firewall } = app.config;
  /** Shops other than this one whose Firewall serves any of the hosts. */
  const servedElsewhere = async (shopId: string, hosts: string[]) =>
    (
      await app.db
        .select({ shopId: firewallSettings.shopId })
        .from(firewallSettings)
        .where(
          and(
            ne(firewallSettings.shopId, shopId),
            sql`${firewallSettings.hosts} ?| array[${sql.join(
              hosts.map((h) => sql`${h}`),
              sql`, `,
            )}]::text[]`,
          ),
        )
        .limit(1)
    ).length > 0;
  const view = async (shopId: string): Promise<FirewallSettingsView> => ({
    ...(await loadFirewallSettings(app.db, shopId)),
    firewallHost: firewall.cname,
    firewallAddress: firewall.address,
  });

  route(app, api.getFirewallSettings, async (_input, { session }) => view(session.shopId));

  route(
    app,
    api.saveFirewallSettings,
    async (input, { session }) => {
      const hosts = [...new Set(input.hosts)];
      // Each refusal names the field it is about, so the form marks that field.
      const refuse = (message: string, field: 'origin' | 'hosts', code: string) =>
        badRequest(message, [{ path: [field], code, message }]);
      if (input.enabled && input.origin === '') {
        throw refuse(firewallMessages.origin, 'origin', 'origin_required');
      }
      if (hosts.length > 0 && (await servedElsewhere(session.shopId, hosts))) {
        throw refuse(firewallMessages.hostTaken, 'hosts', 'host_taken');
      }
      if (input.origin !== '') {
        const shop = await shopOfSession(app.db, session);
        const problem = await originProblem(input.origin, {
          shopDomain: shop.domain,
          pointsAtFirewall: async (hostname) =>
            hosts.includes(hostname) || (await servedElsewhere(session.shopId, [hostname])),
          firewallHost: firewall.cname,
          firewallAddress: firewall.address,
          devOrigins: firewall.devOrigins,
          lookup: options.lookup,
        });
        if (problem) throw refuse(problem, 'origin', 'origin_refused');
      }
      await saveFirewallSettings(app.db, session.shopId, { ...input, hosts });
      // The firewalls waiting on the policy snapshot read it again at once.
      await app.notify.publish(RULES_CHANGED_CHANNEL, session.shopId);
      return view(session.shopId);
    },
    { mutates: true },
  );

  route(app, api.getWafConnected, async (_input, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const settings = await loadFirewallSettings(app.db, shop.id);
    const connected =
      settings.enabled &&
      (await probeHosts(settings.hosts, {
        key: firewall.key,
        probeUrl: firewall.probeUrl,
        timeoutMs: firewall.probeTimeoutMs,
      }));
    if (connected !== shop.wafConnected) {
      await app.db.update(shops).set({ wafConnected: connected }).where(eq(shops.id, shop.id));
    }
    return connected;
  });

  await app.register(policySnapshotRoute);
  await app.register(accessLogRoutes);
}
