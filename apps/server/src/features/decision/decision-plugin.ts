// The decision's long-lived parts at the app's root, as `app.protection`: the geo data, the
// policy cache with its change notifier (on the app's notify hub), the set of installed shops'
// domains that answers unknown names without a lookup, and the storefront token signer. `changed(shopId)` is how every feature that saves a shop's rules
// or settings gets the next decision to apply them, and the store the new policy version.
import { and, eq, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { shops } from '../../core/db/schema.js';
import { createCrawlerDns, type CrawlerResolver } from '../../protection/crawler-dns.js';
import { startGeo } from './geo-service.js';
import { RULES_CHANGED_CHANNEL, type ProtectionServices } from '../../protection/services.js';
import { createSignedTokens } from './signed-tokens.js';
import { createKnownShops } from './known-shops.js';
import { buildShopPolicy, createPolicyCache } from './policy-cache.js';
import { createPolicyNotifier } from './policy-notifier.js';
import { POLICY_VERSION_JOB, policyVersionJob } from './policy-version-job.js';

export const decisionPlugin = fp<{ crawlerResolver?: CrawlerResolver }>(
  async (app, options) => {
    const { config, log, db } = app;
    const installed = { id: shops.id, domain: shops.domain };
    const known = createKnownShops({
      loadAll: () => db.select(installed).from(shops).where(isNull(shops.uninstalledAt)),
      find: async (shopId) => {
        const [shop] = await db
          .select(installed)
          .from(shops)
          .where(and(eq(shops.id, shopId), isNull(shops.uninstalledAt)));
        return shop ?? null;
      },
      onError: (error, what) => log.warn({ err: error }, what),
    });
    // Before the first load nothing is known to be missing, so a failed load only costs lookups.
    await known.reload();
    known.start();
    const policies = createPolicyCache({
      log,
      max: config.protection.policyCacheMax,
      build: (domain, checked) => buildShopPolicy(db, app.blockers, domain, log, checked),
      known,
    });
    const notifier = createPolicyNotifier(app.notify, {
      onChange: (shopId) => {
        void known.learn(shopId);
        void policies.rebuild(shopId);
      },
      onResync: () => {
        void known.reload();
        policies.refreshAll();
      },
    });
    await app.jobs.define(policyVersionJob(app));
    const services: ProtectionServices = {
      geo: startGeo(log),
      policies,
      tokens: createSignedTokens(config.appSecret),
      crawlerDns: createCrawlerDns({
        log,
        servers: config.protection.crawlerDnsServers,
        timeoutMs: config.protection.crawlerDnsTimeoutMs,
        ...(options.crawlerResolver ? { resolver: options.crawlerResolver } : {}),
      }),
      async changed(shopId, checked) {
        await known.learn(shopId);
        await policies.rebuild(shopId, checked);
        try {
          await notifier.publish(shopId);
          await app.notify.publish(RULES_CHANGED_CHANNEL, shopId);
        } catch (error) {
          log.warn({ err: error, shopId }, 'could not notify other instances of a policy change');
        }
        try {
          await app.jobs.send(POLICY_VERSION_JOB, { shopId });
        } catch (error) {
          // The save stands; the store keeps the old version, so later views wait for decisions.
          log.warn({ err: error, shopId }, 'could not queue the policy version for the store');
        }
      },
    };
    app.decorate('protection', services);
    app.addHook('preClose', async () => {
      known.stop();
      notifier.close();
    });
  },
  { name: 'decision', dependencies: ['db', 'notify', 'blockers', 'jobs'] },
);
