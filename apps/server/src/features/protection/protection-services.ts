// The protection feature's long-lived parts, built once per app: the geo data, the policy
// cache with its change notifier, the visit buffer and the storefront token signer.
import type { FastifyInstance } from 'fastify';
import { startGeo, type GeoService } from './geo/geo-service.js';
import { createSignedTokens, type SignedTokens } from './decide/signed-tokens.js';
import { createPolicyCache, type PolicyCache } from './policy/policy-cache.js';
import {
  createLocalNotifier,
  createPostgresNotifier,
  type PolicyNotifier,
} from './policy/policy-notifier.js';
import { createVisitBuffer, type VisitBuffer } from './visits/visit-buffer.js';

export interface ProtectionServices {
  geo: GeoService;
  policies: PolicyCache;
  notifier: PolicyNotifier;
  visits: VisitBuffer;
  tokens: SignedTokens;
  /** A shop's rules changed: rebuild here now, and tell the other instances. */
  changed(shopId: string): Promise<void>;
}

export function createProtectionServices(app: FastifyInstance): ProtectionServices {
  const { config, log, db } = app;
  const policies = createPolicyCache({ db, log, max: config.protection.policyCacheMax });
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
  return {
    geo: startGeo(log),
    policies,
    notifier,
    visits: createVisitBuffer({
      db,
      dbKind: app.dbKind,
      log,
      intervalMs: config.protection.visitFlushIntervalMs,
      batchSize: config.protection.visitFlushBatch,
      maxQueued: config.protection.visitBufferMax,
      // Billing meters the views (its plugin is registered before this one).
      recordProtectedViews: (db, shopId, n, now) =>
        app.billing.recordProtectedViews(db, shopId, n, now),
    }),
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
}
