// Builds the Gatehouse API (never listens; server.ts does): security headers, cookies, rate
// limits and the error handler, then the database, the platform client and authentication,
// then the feature routes, and last the admin SPA.
import cookie from '@fastify/cookie';
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
import { protectionPlugin } from './features/protection/protection-plugin.js';
import { ratingRoutes } from './features/rating/routes.js';
import { supportRoutes } from './features/support/routes.js';
import { visitorLogsPlugin } from './features/visitor-logs/visitor-logs-plugin.js';
import { webhookRoutes } from './features/webhooks/routes.js';
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
  await app.register(helmet, {
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
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, messages.tooManyRequests),
  });
  await app.register(dbPlugin);
  await app.register(platformPlugin);
  await app.register(authPlugin);
  await app.register(billingPlugin);

  app.get('/api/health', async () => ({ ok: true }));
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(notificationRoutes);
  await app.register(ratingRoutes);
  await app.register(contactRoutes);
  await app.register(dashboardRoutes);
  await app.register(billingRoutes);
  await app.register(feedbackRoutes);
  await app.register(versionRoutes);
  await app.register(webhookRoutes);
  await app.register(supportRoutes);
  await app.register(protectionPlugin);
  await app.register(visitorLogsPlugin);
  await app.register(adminStaticPlugin);
  return app;
}
