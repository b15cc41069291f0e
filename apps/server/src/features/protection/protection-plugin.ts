// Storefront protection (issue 5): the merchant's rule and settings calls, the storefront's
// decision and Admin Access calls, the policy cache, the visit buffer and the install-time
// app metafield. `app.protection` exposes the services (tests flush visits and read metrics).
import fp from 'fastify-plugin';
import { createProtectionServices, type ProtectionServices } from './protection-services.js';
import { registerInstallMetafieldHook } from './install-metafield.js';
import { registerCountryRoutes } from './rules/country-routes.js';
import { registerIpListRoutes } from './rules/ip-list-routes.js';
import { registerSettingsRoutes } from './settings/settings-routes.js';
import { storefrontRoutes } from './storefront-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    protection: ProtectionServices;
  }
}

export const protectionPlugin = fp(
  async (app) => {
    const services = createProtectionServices(app);
    app.decorate('protection', services);
    app.addHook('onReady', async () => services.visits.start());
    // Before the database closes: write what is queued, stop listening.
    app.addHook('preClose', async () => {
      await services.visits.stop();
      await services.notifier.close();
    });

    registerInstallMetafieldHook(app, (domain) => services.policies.forget(domain));
    registerCountryRoutes(app, services);
    registerIpListRoutes(app, services, 'ipBlocker');
    registerIpListRoutes(app, services, 'whiteLists');
    registerSettingsRoutes(app, services);
    await app.register(storefrontRoutes(services));
  },
  { name: 'protection', dependencies: ['db', 'platform', 'auth'] },
);
