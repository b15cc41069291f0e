// Builds the platform emulator (a local Shopify) as a Fastify app that never listens:
// shop-scoped routes under /shops/:shop (OAuth, Admin GraphQL, store admin, charge approval,
// theme editor, storefront), webhook delivery, and the /_emulator control endpoints (fault
// injection among them).
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { adminRoutes } from './admin-home/admin-routes.js';
import { themeAdminRoutes } from './admin-home/themes-section.js';
import { ordersPages } from './admin-home/orders-pages.js';
import { chargeRoutes } from './billing/charge-routes.js';
import type { EmulatorContext } from './context.js';
import { billingControlRoutes } from './control/billing-control-routes.js';
import { controlRoutes } from './control/control-routes.js';
import { crawlerAccessRoutes } from './crawler-access/crawler-access-routes.js';
import { CrawlerSigner } from './crawler-access/crawler-signer.js';
import { embeddedControlRoutes } from './control/embedded-control-routes.js';
import { appBridgeRoute } from './embedded/app-bridge-script.js';
import { embeddedAdminRoutes } from './embedded/embedded-admin-routes.js';
import { applyFaults, faultRoutes } from './control/fault-routes.js';
import { FaultInjector } from './control/faults.js';
import { orderControlRoutes } from './control/order-control-routes.js';
import { onlineStoreControlRoutes } from './control/online-store-control-routes.js';
import { privacyControlRoutes } from './control/privacy-control-routes.js';
import { tokenControlRoutes } from './control/token-control-routes.js';
import { loadThemeExtension } from './extension/theme-extension.js';
import { graphqlRoutes } from './graphql/graphql-routes.js';
import { accessTokenRoutes } from './oauth/access-token-routes.js';
import { authorizeRoutes } from './oauth/authorize-routes.js';
import { PLATFORM_NON_EXPIRING_CUTOFF, TokenPolicy } from './oauth/token-policy.js';
import { DEFAULT_APP_CONFIG_FILE } from './app-config.js';
import { registeredApp } from './registered-app.js';
import { SCRIPT_TAGS_END_AT } from './script-tags/script-tags.js';
import { rejectInvalidShop } from './shop-scope.js';
import { EmulatorStore } from './state/store.js';
import { checkoutRoutes } from './storefront/checkout-routes.js';
import { robotsTxtRoute } from './storefront/robots-txt.js';
import { storefrontRoutes } from './storefront/storefront-routes.js';
import { editorRoutes } from './theme-editor/editor-routes.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { trackConnections } from '@gatehouse/graceful-close';

export interface EmulatorOptions {
  /** The emulator's public origin, e.g. http://localhost:4000 (used in every URL it hands out). */
  publicUrl: string;
  /** The app's origin; its OAuth redirect URI is `${appUrl}/api/auth/callback`. */
  appUrl: string;
  apiKey: string;
  apiSecret: string;
  /** JSON file the state is saved to after every change; null or omitted keeps it in memory. */
  stateFile?: string | null;
  /** First retry delay; retry n waits webhookRetryBaseMs × 2^(n-1). Default 1000. */
  webhookRetryBaseMs?: number;
  /** Attempts per delivery, the first one included. Default 9 (first + 8 retries). */
  webhookMaxAttempts?: number;
  /** A delivery that has not answered after this long counts as failed. Default 5000. */
  webhookTimeoutMs?: number;
  /**
   * From this date (ISO) non-expiring offline tokens are refused; null: never. Default: the
   * platform's own cutoff, January 1, 2027.
   */
  nonExpiringTokenCutoff?: string | null;
  /** Request logging: false (default), true, or a pino level. */
  logger?: boolean | { level: string };
  /** The theme app extension folder. Default: the repository's extensions/gatehouse-embed. */
  extensionDir?: string;
  /**
   * The app's `shopify.app.toml`: its `[webhooks]` subscriptions are delivered to every shop
   * that installed the app. Default: the repository's.
   */
  appConfigFile?: string;
  /**
   * From this moment the storefront no longer runs script tags (the platform stopped on
   * March 1, 2027). Default: that date.
   */
  scriptTagsEndAt?: Date;
}

const DEFAULT_EXTENSION_DIR = fileURLToPath(
  new URL('../../../extensions/gatehouse-embed', import.meta.url),
);

export async function buildEmulator(options: EmulatorOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  });
  trackConnections(app);
  await app.register(formbody);

  const store = EmulatorStore.open(options.stateFile ?? null);
  const extensionDir = options.extensionDir ?? DEFAULT_EXTENSION_DIR;
  loadThemeExtension(extensionDir); // fail at start, not on the first page, if it is broken
  // A configuration the platform would refuse stops the emulator here, at start.
  const registered = registeredApp({
    ...options,
    appConfigFile: options.appConfigFile ?? DEFAULT_APP_CONFIG_FILE,
  });
  const context: EmulatorContext = {
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    store,
    app: registered,
    scriptTagsEndAt: options.scriptTagsEndAt ?? SCRIPT_TAGS_END_AT,
    dispatcher: new WebhookDispatcher(store, {
      apiSecret: options.apiSecret,
      configuration: registered.configuration,
      retryBaseMs: options.webhookRetryBaseMs ?? 1000,
      maxAttempts: options.webhookMaxAttempts ?? 9,
      timeoutMs: options.webhookTimeoutMs ?? 5000,
      log: app.log,
    }),
    extension: () => loadThemeExtension(extensionDir),
    faults: new FaultInjector(),
    tokens: new TokenPolicy(
      options.nonExpiringTokenCutoff === undefined
        ? PLATFORM_NON_EXPIRING_CUTOFF
        : options.nonExpiringTokenCutoff,
    ),
    storefrontRequests: new Map(),
    crawlerSigner: new CrawlerSigner(),
  };
  // Hung requests would keep the server from closing: drop them first.
  app.addHook('preClose', async () => {
    context.faults.close();
  });
  app.addHook('onClose', async () => {
    await context.dispatcher.close();
  });

  await app.register(
    async (shopScope) => {
      shopScope.addHook('onRequest', rejectInvalidShop);
      const faults = applyFaults(context);
      shopScope.addHook('onRequest', faults.onRequest);
      shopScope.addHook('preValidation', faults.preValidation);
      shopScope.addHook('onSend', faults.onSend);
      // Everything under the shop but its admin is the storefront: counted, so tests can tell
      // whether a visitor's request reached the store at all.
      shopScope.addHook('onRequest', async (request) => {
        const { shop } = request.params as { shop: string };
        if (/^\/shops\/[^/]+\/admin(?:[/?]|$)/.test(request.url)) return;
        context.storefrontRequests.set(shop, (context.storefrontRequests.get(shop) ?? 0) + 1);
      });
      await authorizeRoutes(shopScope, context);
      await accessTokenRoutes(shopScope, context);
      await graphqlRoutes(shopScope, context);
      await adminRoutes(shopScope, context);
      await embeddedAdminRoutes(shopScope, context);
      await themeAdminRoutes(shopScope, context);
      await ordersPages(shopScope, context);
      await chargeRoutes(shopScope, context);
      await editorRoutes(shopScope, context);
      await storefrontRoutes(shopScope, context);
      await robotsTxtRoute(shopScope, context);
      await checkoutRoutes(shopScope, context);
    },
    { prefix: '/shops/:shop' },
  );
  await controlRoutes(app, context);
  await billingControlRoutes(app, context);
  await orderControlRoutes(app, context);
  await privacyControlRoutes(app, context);
  await tokenControlRoutes(app, context);
  await embeddedControlRoutes(app, context);
  await appBridgeRoute(app);
  await onlineStoreControlRoutes(app, context);
  await crawlerAccessRoutes(app, context);
  await faultRoutes(app, context);

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not Found'),
  );
  return app;
}
