// Firewall Settings (/firewallSettings, Premium): on or off, the store's origin, the domains
// pointed at the firewall, the storefront blockers it enforces too, and its rate limit; and
// getWafConnected, which probes the shop's domains for the firewall (waf-probe.ts) rather than
// reading a flag. The answer is also kept on the shop for the support back office. A domain
// can be served for one shop only.
import { api, firewallMessages, type FirewallSettingsView } from '@gatehouse/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { RULES_CHANGED_CHANNEL } from '../../protection/services.js';
import { shopOfSession } from '../../shops.js';
import { accessLogRoutes } from './access-log-routes.js';
import { firewallSettings } from './firewall-schema.js';
import { loadFirewallSettings, saveFirewallSettings } from './firewall-store.js';
import { policySnapshotRoute } from './policy-snapshot-route.js';
import { probeHosts } from './waf-probe.js';

export async function firewallRoutes(app: FastifyInstance): Promise<void> {
  const { firewall } = app.config;
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
      if (input.enabled && input.origin === '') throw badRequest(firewallMessages.origin);
      if (hosts.length > 0) {
        const taken = await app.db
          .select({ shopId: firewallSettings.shopId })
          .from(firewallSettings)
          .where(
            and(
              ne(firewallSettings.shopId, session.shopId),
              sql`${firewallSettings.hosts} ?| array[${sql.join(
                hosts.map((h) => sql`${h}`),
                sql`, `,
              )}]::text[]`,
            ),
          )
          .limit(1);
        if (taken.length > 0) throw badRequest(firewallMessages.hostTaken);
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
