// Builds the Gatehouse API (never listens; server.ts does): rate limits and the error handler,
// the database, the platform client, authentication and the feature services; then two route
// scopes. This is the one place that composes features: it lists the blockers and hands each
// feature what it needs from another (billing's metering to the visit log and the dashboard,
// billing's, privacy's and Fraud Protect's webhook topics to the webhook endpoint). The storefront's public calls (decision, Admin Access, access requests) live in their own scope with
// CORS and nothing else, because they are the hot path and answer JSON to other origins; every
// other route (the merchant's API, OAuth, webhooks, support, the admin SPA and the not-found
// handler) lives in the site scope, which adds the security headers.
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import {
  ACCESS_REQUEST_PATH,
  ADMIN_ACCESS_PATH,
  DECIDE_PATH,
  firewallListBlockers,
  listBlockers,
} from '@gatehouse/contracts';
import type { HostLookup } from '@gatehouse/engine';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { AppConfig } from './core/env.js';
import type { CrawlerResolver } from './protection/crawler-dns.js';
import { invalidJson, messages, tooManyRequests } from './core/errors.js';
import { accountRoutes } from './features/account/routes.js';
import { accessRequestRoute } from './features/access-requests/access-request-route.js';
import { accessRequestRoutes } from './features/access-requests/access-request-routes.js';
import { adminAccessStorefrontRoute } from './features/admin-access/admin-access-route.js';
import { adminAccessRoutes } from './features/admin-access/admin-access-routes.js';
import { authRoutes } from './features/auth/routes.js';
import { createSessionTokenInstaller } from './features/auth/session-token-install.js';
import { handleAppSubscriptionsUpdate } from './features/billing/app-subscriptions-update.js';
import { billingPlugin } from './features/billing/billing-plugin.js';
import { currentUsage } from './features/billing/metering.js';
import { billingRoutes } from './features/billing/routes.js';
import { botBlocker } from './features/bot-blocker/bot-blocker.js';
import { geoRedirects } from './features/geo-redirects/geo-redirects.js';
import { contentProtectionRoutes } from './features/content-protection/content-protection-routes.js';
import { contactRoutes } from './features/contact/routes.js';
import { countryBlocker } from './features/country-blocker/country-blocker.js';
import { customerBlockListsPlugin } from './features/customer-block-lists/customer-block-lists-plugin.js';
import { customerBlockListsRoutes } from './features/customer-block-lists/routes.js';
import { customerBlockListsSource } from './features/customer-block-lists/entries.js';
import { customerEmailTarget } from './features/customer-block-lists/email-list-target.js';
import { dashboardRoutes } from './features/dashboard/routes.js';
import { decideRoute } from './features/decision/decide-route.js';
import { decisionPlugin } from './features/decision/decision-plugin.js';
import { embedWatchTopics } from './features/extensions/embed-watch-jobs.js';
import { extensionsPlugin } from './features/extensions/extensions-plugin.js';
import { extensionsRoutes } from './features/extensions/routes.js';
import { feedbackRoutes } from './features/feedback/routes.js';
import { firewallRoutes } from './features/firewall/firewall-routes.js';
import { firewallUrlBlocker } from './features/firewall-url-blocker/firewall-url-blocker.js';
import { fraudProtectTopics } from './features/fraud-protect/fraud-protect-job.js';
import { orderRiskTopics } from './features/fraud-protect/risk-note-job.js';
import { purgeRiskNotes } from './features/fraud-protect/risk-note-store.js';
import { fraudProtectRoutes } from './features/fraud-protect/routes.js';
import { autoCancelTopics } from './features/auto-cancel/auto-cancel-job.js';
import { autoCancelRoutes } from './features/auto-cancel/routes.js';
import { generalSettingsRoutes } from './features/general-settings/general-settings-routes.js';
import { postInstallJob } from './features/general-settings/install-metafield.js';
import { ipListsBlocker } from './features/ip-lists/ip-lists-blocker.js';
import { legacyBlockLists } from './features/legacy-block-lists/legacy-block-lists.js';
import { legacyEmailSource } from './features/legacy-block-lists/legacy-checkout-source.js';
import { ipLookupRoutes } from './features/ip-lookup/routes.js';
import { networkFeedsPlugin } from './features/network-feeds/network-feeds-plugin.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { privacyRoutes } from './features/privacy/privacy-routes.js';
import { privacyTopics } from './features/privacy/privacy-topics.js';
import { ratingRoutes } from './features/rating/routes.js';
import { ruleCostRoutes } from './features/rule-cost/rule-cost-routes.js';
import { verifiedCrawlers } from './features/verified-crawlers/verified-crawlers.js';
import { supportRoutes } from './features/support/routes.js';
import { updateCleanupPlugin } from './features/update-cleanup/update-cleanup-plugin.js';
import { versionRoutes } from './features/version/routes.js';
import { visitorLogRoutes } from './features/visitor-logs/routes.js';
import { visitorLogsPlugin } from './features/visitor-logs/visitor-logs-plugin.js';
import { vpnBlocker } from './features/vpn-blocker/vpn-blocker.js';
import { webhookRoutes } from './features/webhooks/routes.js';
import { webhookSupportRoutes } from './features/webhooks/webhook-support-routes.js';
import { requestLogSerializers } from './core/http/request-log.js';
import { storefrontScope } from './core/http/storefront-scope.js';
import { combineTopics } from './core/http/webhook-topic.js';
import { jobsPlugin } from './core/jobs/jobs-plugin.js';
import { adminStaticPlugin } from './core/plugins/admin-static.js';
import { authPlugin } from './core/plugins/auth.js';
import { handleClientError } from './core/plugins/client-error.js';
import { configPlugin } from './core/plugins/config.js';
import { dbPlugin } from './core/plugins/db.js';
import { longPollsPlugin } from './core/plugins/long-polls.js';
import { notifyPlugin } from './core/plugins/notify.js';
import { handleFrameworkError, registerErrorHandler } from './core/plugins/error-handler.js';
import { platformPlugin } from './core/plugins/platform.js';
import type { CheckoutBlockSource } from './orders/checkout-block-sources.js';
import { orderLogPurge } from './orders/order-log-purge.js';
import type { Blocker } from './protection/blocker.js';
import * as listBlockerModules from './list-blockers.js';
import { blockersPlugin } from './protection/blockers-plugin.js';
import { tokenMigrationPlugin } from './core/tokens/token-migration.js';
import { trackConnections } from '@gatehouse/graceful-close';

/**
 * The list blockers of one side, as its manifests list them, from the blockers `made`: a
 * manifest with no blocker, or a blocker no manifest of either side names (it would never
 * run), stops the app from starting.
 */
export function listBlockersOf(
  manifests: readonly { name: string }[],
  made: readonly Blocker[] = Object.values(listBlockerModules),
  everyManifest: readonly { name: string }[] = [...listBlockers, ...firewallListBlockers],
): Blocker[] {
  const unnamed = made.filter((b) => !everyManifest.some((mf) => mf.name === b.name));
  if (unnamed.length > 0) {
    const names = unnamed.map((b) => b.name).join(', ');
    throw new Error(`list-blockers.ts has blockers no manifest names: ${names}`);
  }
  return manifests.map((mf) => {
    const blocker = made.find((b) => b.name === mf.name);
    if (!blocker) throw new Error(`list-blockers.ts has no blocker for ${mf.name}`);
    return blocker;
  });
}

/**
 * Every blocker of the storefront, in the order their rules enter a shop's rule set. A new
 * blocker is one more line here (a list blocker, one in `list-blockers.ts`); nothing else that
 * is shared names it.
 */
export const BLOCKERS: readonly Blocker[] = [
  ipListsBlocker,
  verifiedCrawlers,
  countryBlocker,
  legacyBlockLists,
  ...listBlockersOf(listBlockers),
  vpnBlocker,
  botBlocker,
  geoRedirects,
];

/** The firewall's own blockers: their rules are applied by the firewall only. */
export const FIREWALL_BLOCKERS: readonly Blocker[] = [
  firewallUrlBlocker,
  ...listBlockersOf(firewallListBlockers),
];

/**
 * Every source of the checkout validation function's block list: their entries are merged
 * into the one list the function reads. A new source is one more line here.
 */
export const CHECKOUT_BLOCK_SOURCES: readonly CheckoutBlockSource[] = [
  customerBlockListsSource,
  legacyEmailSource,
];

export const BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered (the route-table test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Resolves store origins' host names in Firewall Settings (tests); the system's otherwise. */
  originLookup?: HostLookup;
  /** Answers claimed crawlers' reverse and forward DNS (tests); the system's otherwise. */
  crawlerResolver?: CrawlerResolver;
}

export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: requestLogSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: BODY_LIMIT,
    // Opening the database runs in a worker on PGlite; creating a new data folder there can take
    // longer than Fastify's default 10 s on a busy machine.
    pluginTimeout: 120_000,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    clientErrorHandler: handleClientError,
    frameworkErrors: handleFrameworkError,
  });

  trackConnections(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandler(app);
  // "No body" calls may still say application/json; treat an empty body as no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(invalidJson(messages.invalidJson), undefined);
    }
  });

  await app.register(configPlugin, { config });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => tooManyRequests(messages.tooManyRequests),
  });
  await app.register(dbPlugin);
  await app.register(notifyPlugin);
  await app.register(longPollsPlugin);
  await app.register(platformPlugin);
  // A shop the platform installed itself is installed here on its first session token.
  await app.register(authPlugin, { installFromSessionToken: createSessionTokenInstaller(app) });
  // The job queue before the features that define jobs on it.
  await app.register(jobsPlugin);
  // Non-expiring offline tokens are migrated to expiring pairs (hourly and at start).
  await app.register(tokenMigrationPlugin);
  await app.register(billingPlugin);
  // The checkout function's block list, synced to the platform by a job on every change.
  await app.register(customerBlockListsPlugin, { sources: CHECKOUT_BLOCK_SOURCES });
  // Storefront protection: the blockers' registry, the visit queue and retention job, the
  // decision's policies; then the storefront's own route scope.
  // Customer Block Lists take emails moved from the legacy list and added by order filters.
  await app.register(blockersPlugin, {
    blockers: BLOCKERS,
    firewall: FIREWALL_BLOCKERS,
    listTargets: [customerEmailTarget],
  });
  // Billing meters the protected views each written batch holds.
  await app.register(visitorLogsPlugin, {
    recordProtectedViews: (db, shopId, n, now) =>
      app.billing.recordProtectedViews(db, shopId, n, now),
  });
  await app.register(decisionPlugin, { crawlerResolver: options.crawlerResolver });
  // Network classification (hosting, VPN, Tor, Private Relay, crawlers) for the geo lookup.
  await app.register(networkFeedsPlugin);
  // The post-install job (sent by the OAuth callback) rebuilds the shop's policy and writes the
  // storefront's settings.
  await app.jobs.define(postInstallJob(app));
  // Once per shop, what an older version left there (script tags, per-shop webhooks) goes.
  await app.register(updateCleanupPlugin);
  // The app embed watch: a theme change or the schedule checks it; its turning off is told.
  await app.register(extensionsPlugin);
  await app.register(storefrontScope, {
    paths: [DECIDE_PATH, ADMIN_ACCESS_PATH, ACCESS_REQUEST_PATH],
    routes: [decideRoute, adminAccessStorefrontRoute, accessRequestRoute],
  });

  await app.register(async (site) => {
    await site.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
    });
    site.get('/api/health', async () => ({ ok: true }));
    await site.register(authRoutes);
    await site.register(accountRoutes);
    await site.register(notificationRoutes);
    await site.register(ratingRoutes);
    await site.register(contactRoutes);
    await site.register(dashboardRoutes, { currentUsage });
    await site.register(billingRoutes);
    await site.register(feedbackRoutes);
    await site.register(versionRoutes);
    await site.register(webhookRoutes, {
      topics: combineTopics(
        ['billing', { 'app_subscriptions/update': handleAppSubscriptionsUpdate }],
        ['privacy', privacyTopics(CHECKOUT_BLOCK_SOURCES)],
        ['fraudProtect', fraudProtectTopics],
        ['autoCancel', autoCancelTopics],
        // After the order features' own: the note waits for what they decide.
        ['orderRisk', orderRiskTopics],
        ['extensions', embedWatchTopics],
      ),
    });
    await site.register(supportRoutes);
    await site.register(webhookSupportRoutes);
    await site.register(privacyRoutes);
    await site.register(generalSettingsRoutes);
    await site.register(adminAccessRoutes);
    await site.register(contentProtectionRoutes);
    await site.register(extensionsRoutes);
    for (const blocker of BLOCKERS) await site.register(blocker.routes);
    await site.register(ruleCostRoutes);
    await site.register(firewallRoutes, { lookup: options.originLookup });
    for (const blocker of FIREWALL_BLOCKERS) await site.register(blocker.routes);
    await site.register(visitorLogRoutes);
    await site.register(accessRequestRoutes);
    await site.register(ipLookupRoutes);
    await site.register(orderLogPurge, { alsoPurge: { riskNotesPurged: purgeRiskNotes } });
    await site.register(fraudProtectRoutes);
    await site.register(customerBlockListsRoutes);
    await site.register(autoCancelRoutes);
    await site.register(adminStaticPlugin);
  });
  return app;
}
