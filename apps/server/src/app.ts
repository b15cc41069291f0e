// Builds the Gatehouse API (never listens; server.ts does): rate limits and the error handler,
// the database, the platform client, authentication and the feature services; then two route
// scopes. The storefront's public calls (decision, Admin Access) live in their own scope with
// CORS and nothing else, because they are the hot path and answer JSON to other origins; every
// other route (the merchant's API, OAuth, webhooks, support, the admin SPA and the not-found
// handler) lives in the site scope, which adds the security headers.
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './env.js';
import { AppError, messages } from './errors.js';
import { accountRoutes } from './features/account/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { billingPlugin } from './features/billing/billing-plugin.js';
import { billingRoutes } from './features/billing/routes.js';
import { feedbackRoutes } from './features/feedback/routes.js';
import { versionRoutes } from './features/version/routes.js';
import { contactRoutes } from './features/contact/routes.js';
import { dashboardRoutes } from './features/dashboard/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { protectionPlugin, protectionRoutes } from './features/protection/protection-plugin.js';
import { ratingRoutes } from './features/rating/routes.js';
import { supportRoutes } from './features/support/routes.js';
import {
  visitorLogRoutes,
  visitorLogsPlugin,
} from './features/visitor-logs/visitor-logs-plugin.js';
import { webhookRoutes } from './features/webhooks/routes.js';
import { jobsPlugin } from './jobs/jobs-plugin.js';
import { adminStaticPlugin } from './plugins/admin-static.js';
import { authPlugin } from './plugins/auth.js';
import { configPlugin } from './plugins/config.js';
import { dbPlugin } from './plugins/db.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { platformPlugin } from './plugins/platform.js';

export const BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  /** false silences request logs (tests). */
  logger?: boolean;
}

export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // Opening the database runs in a worker on PGlite; creating a new data folder there can take
    // longer than Fastify's default 10 s on a busy machine.
    pluginTimeout: 120_000,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  });

  registerErrorHandler(app);
  // "No body" calls may still say application/json; treat an empty body as no body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, messages.invalidJson), undefined);
    }
  });

  await app.register(configPlugin, { config });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, messages.tooManyRequests),
  });
  await app.register(dbPlugin);
  await app.register(platformPlugin);
  await app.register(authPlugin);
  // The job queue before the features that define jobs on it.
  await app.register(jobsPlugin);
  await app.register(billingPlugin);
  // Protection's services and the storefront's own route scope; the visit log's retention job.
  await app.register(protectionPlugin);
  await app.register(visitorLogsPlugin);

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
    await site.register(dashboardRoutes);
    await site.register(billingRoutes);
    await site.register(feedbackRoutes);
    await site.register(versionRoutes);
    await site.register(webhookRoutes);
    await site.register(supportRoutes);
    await site.register(protectionRoutes);
    await site.register(visitorLogRoutes);
    await site.register(adminStaticPlugin);
  });
  return app;
}
