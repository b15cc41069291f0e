// Storefront protection (issue 5). The plugin (at the app's root): the services — policy
// cache, visit buffer, geo data — and the storefront's decision and Admin Access calls in
// their own route scope; `app.protection` exposes the services (tests flush visits and read
// metrics). The routes (in the site scope, beside the other merchant calls): the rule and
// settings calls. The post-install job's storefront step (the cached policy dropped, the app
// metafields set) is defined here on the job queue.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createProtectionServices, type ProtectionServices } from './protection-services.js';
import { postInstallJob } from './install-metafield.js';
import { registerAsnRoutes } from './rules/asn-routes.js';
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
    await app.jobs.define(
      postInstallJob(app, async ({ shop, shopId }) => {
        // Here at once, on the other instances through the change notifier.
        services.policies.forget(shop);
        await services.changed(shopId);
      }),
    );
    await app.register(storefrontRoutes(services));
  },
  { name: 'protection', dependencies: ['db', 'platform', 'auth', 'jobs'] },
);

/** The merchant's protection calls; registered where the admin's routes are. */
export async function protectionRoutes(app: FastifyInstance): Promise<void> {
  const services = app.protection;
  registerCountryRoutes(app, services);
  registerIpListRoutes(app, services, 'ipBlocker');
  registerIpListRoutes(app, services, 'whiteLists');
  registerAsnRoutes(app, services);
  registerSettingsRoutes(app, services);
}
