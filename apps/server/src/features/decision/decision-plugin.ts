// The decision's long-lived parts at the app's root, as `app.protection`: the geo data, the
// policy cache with its change notifier (Postgres LISTEN/NOTIFY between instances) and the
// storefront token signer. `changed(shopId)` is how every feature that saves a shop's rules
// or settings gets the next decision to apply them.
import fp from 'fastify-plugin';
import { startGeo } from '../../protection/geo-service.js';
import type { ProtectionServices } from '../../protection/services.js';
import { createSignedTokens } from '../../protection/signed-tokens.js';
import { buildShopPolicy, createPolicyCache } from './policy-cache.js';
import { createLocalNotifier, createPostgresNotifier } from './policy-notifier.js';

export const decisionPlugin = fp(
  async (app) => {
    const { config, log, db } = app;
    const policies = createPolicyCache({
      log,
      max: config.protection.policyCacheMax,
      build: (domain) => buildShopPolicy(db, app.blockers, domain, log),
    });
    const notifier =
      app.dbKind === 'postgres' && config.databaseUrl
        ? createPostgresNotifier(
            config.databaseUrl,
            db,
            {
              onChange: (shopId) => void policies.rebuild(shopId),
              onResync: () => policies.refreshAll(),
            },
            log,
          )
        : createLocalNotifier();
    const services: ProtectionServices = {
      geo: startGeo(log),
      policies,
      tokens: createSignedTokens(config.appSecret),
      async changed(shopId) {
        await policies.rebuild(shopId);
        try {
          await notifier.publish(shopId);
        } catch (error) {
          log.warn({ err: error, shopId }, 'could not notify other instances of a policy change');
        }
      },
    };
    app.decorate('protection', services);
    app.addHook('preClose', async () => notifier.close());
  },
  { name: 'decision', dependencies: ['db', 'blockers'] },
);
