// POST /api/webhooks: the one endpoint every platform webhook is delivered to, the compliance
// topics included. The HMAC is checked on the raw bytes (401 when missing or wrong), the
// headers are checked (400), then the delivery is recorded, deduplicated by
// X-Shopify-Webhook-Id, with its job queued in the same transaction, and answered 200 at once;
// the job runs the topic's handler (this feature's, or one the app layer hands in) with
// retries. app/uninstalled also stops the shop inside that transaction.
import { isShopDomain } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { createTokenCipher } from '../../core/crypto/token-cipher.js';
import { badRequest, unauthorized } from '../../core/errors.js';
import type { TopicHandler } from '../../core/http/webhook-topic.js';
import { isValidWebhookHmac } from '../../core/platform/webhook-hmac.js';
import { handleAppScopesUpdate } from './app-scopes-update.js';
import { handleAppUninstalled, markShopUninstalled, stopShop } from './app-uninstalled.js';
import { handleShopUpdate } from './shop-update.js';
import { createDeliveryLog, type ImmediateStep } from './deliveries.js';
import { webhookDeliveryJob } from './webhook-job.js';
import { webhookSweepJob } from './webhook-sweep.js';

const ownTopics: Record<string, TopicHandler> = {
  'app/uninstalled': handleAppUninstalled,
  'app/scopes_update': handleAppScopesUpdate,
  'shop/update': handleShopUpdate,
};

const immediateSteps: Record<string, ImmediateStep> = {
  'app/uninstalled': markShopUninstalled,
};

/** `orders/create`, `app_subscriptions/update`, `customers/data_request`… */
const TOPIC = /^[a-z_]{1,50}\/[a-z_]{1,50}$/;
/** The platform's ids are UUIDs; anything printable up to 255 characters is accepted. */
const WEBHOOK_ID = /^[\x21-\x7e]{1,255}$/;
const API_VERSION = /^(\d{4}-\d{2}|unstable)$/;

export interface WebhookOptions {
  /** Topics other features handle, by topic name. */
  topics: Record<string, TopicHandler>;
}

export async function webhookRoutes(app: FastifyInstance, options: WebhookOptions): Promise<void> {
  const handlers: Record<string, TopicHandler> = { ...ownTopics, ...options.topics };
  const cipher = createTokenCipher(app.config.appSecret, 'gatehouse webhook body v1');
  const log = createDeliveryLog(app.db, cipher, app.jobs);
  await app.jobs.define(
    webhookDeliveryJob({
      app,
      log,
      handlers,
      retryLimit: app.config.webhooks.retryLimit,
      retryDelaySeconds: app.config.webhooks.retryDelaySeconds,
    }),
  );
  await app.jobs.define(webhookSweepJob({ db: app.db, jobs: app.jobs, log: app.log }));

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
    const apiVersion = header('x-shopify-api-version');
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    // An unsigned delivery is unauthenticated, as the platform expects: 401 before anything else.
    if (!hmac) throw unauthorized('The webhook signature is missing.');
    if (!topic || !webhookId || !isShopDomain(shopDomain) || body.length === 0) {
      throw badRequest('The webhook is missing required headers or its body.');
    }
    if (!TOPIC.test(topic) || !WEBHOOK_ID.test(webhookId)) {
      throw badRequest('The webhook topic or id is not valid.');
    }
    if (apiVersion && !API_VERSION.test(apiVersion)) {
      throw badRequest('The webhook API version is not valid.');
    }
    if (!isValidWebhookHmac(body, hmac, app.config.shopify.apiSecret)) {
      throw unauthorized('The webhook signature is not valid.');
    }
    const triggered = new Date(header('x-shopify-triggered-at'));
    const delivery = {
      webhookId,
      topic,
      shopDomain,
      apiVersion,
      triggeredAt: Number.isNaN(triggered.getTime()) ? null : triggered,
    };
    const recorded = await log.record(delivery, body, immediateSteps[topic]);
    if (!recorded) {
      request.log.info({ webhookId, topic }, 'duplicate webhook ignored');
      return reply.status(200).send({ ok: true, duplicate: true });
    }
    if (topic === 'app/uninstalled') {
      // Committed already; the job repeats this, so a failure here only delays it.
      await stopShop(app, shopDomain).catch((error: unknown) =>
        request.log.warn({ err: error, shopDomain }, 'could not stop the shop at once'),
      );
    }
    return reply.status(200).send({ ok: true });
  });
}
