// POST /api/webhooks: the one endpoint every platform webhook is delivered to.
// The HMAC is checked on the raw bytes, deliveries are deduplicated by X-Shopify-Webhook-Id
// (a delivery whose handler failed is forgotten, so nothing of it stays stored),
// and each topic has its own handler: this feature's, or one the app layer hands in.
import { isShopDomain } from '@gatehouse/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { webhookEvents } from '../../db/schema.js';
import { badRequest, unauthorized } from '../../errors.js';
import type { TopicHandler } from '../../http/webhook-topic.js';
import { isValidWebhookHmac } from '../../platform/webhook-hmac.js';
import { handleAppScopesUpdate } from './app-scopes-update.js';
import { handleAppUninstalled } from './app-uninstalled.js';
import { handleThemesUpdate } from './themes-update.js';

const ownTopics: Record<string, TopicHandler> = {
  'app/uninstalled': handleAppUninstalled,
  'themes/update': handleThemesUpdate,
  'app/scopes_update': handleAppScopesUpdate,
};

export interface WebhookOptions {
  /** Topics other features handle, by topic name. */
  topics: Record<string, TopicHandler>;
}

export async function webhookRoutes(app: FastifyInstance, options: WebhookOptions): Promise<void> {
  const handlers: Record<string, TopicHandler> = { ...ownTopics, ...options.topics };
  // Raw bytes for the HMAC: this parser only applies inside this plugin.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/api/webhooks', async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value.trim() : '';
    };
    const hmac = header('x-shopify-hmac-sha256');
    const topic = header('x-shopify-topic');
    const shopDomain = header('x-shopify-shop-domain').toLowerCase();
    const webhookId = header('x-shopify-webhook-id');
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    // An unsigned delivery is unauthenticated, as the platform expects: 401 before anything else.
    if (!hmac) throw unauthorized('The webhook signature is missing.');
    if (!topic || !webhookId || !isShopDomain(shopDomain) || body.length === 0) {
      throw badRequest('The webhook is missing required headers or its body.');
    }
    if (!isValidWebhookHmac(body, hmac, app.config.shopify.apiSecret)) {
      throw unauthorized('The webhook signature is not valid.');
    }

    const [fresh] = await app.db
      .insert(webhookEvents)
      .values({ webhookId, shopDomain, topic })
      .onConflictDoNothing()
      .returning({ webhookId: webhookEvents.webhookId });
    if (!fresh) {
      const [seen] = await app.db
        .select({ processedAt: webhookEvents.processedAt })
        .from(webhookEvents)
        .where(eq(webhookEvents.webhookId, webhookId));
      if (seen?.processedAt) {
        request.log.info({ webhookId, topic }, 'duplicate webhook ignored');
        return reply.status(200).send({ ok: true, duplicate: true });
      }
    }

    const handler = handlers[topic];
    try {
      if (handler) await handler(app, shopDomain, body);
      else request.log.warn({ topic, shopDomain }, 'webhook topic has no handler');
    } catch (error) {
      // A delivery that failed leaves nothing behind: its redelivery starts afresh.
      await app.db
        .delete(webhookEvents)
        .where(and(eq(webhookEvents.webhookId, webhookId), isNull(webhookEvents.processedAt)));
      throw error;
    }
    await app.db
      .update(webhookEvents)
      .set({ processedAt: new Date() })
      .where(eq(webhookEvents.webhookId, webhookId));
    return reply.status(200).send({ ok: true });
  });
}
