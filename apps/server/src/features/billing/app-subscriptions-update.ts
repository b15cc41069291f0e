// app_subscriptions/update: the platform changed one of the shop's subscriptions (approved,
// declined, frozen for non-payment, reactivated, cancelled, expired). The shop's plan follows
// its current subscription; stale or foreign events change nothing, and a repeat is harmless.
// A payload it cannot read is recorded failed in the webhook log with the reason.
import { subscriptionStatus } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../core/audit.js';
import { shops } from '../../core/db/schema.js';
import { parseWebhookJson } from '../../core/http/webhook-topic.js';
import { accessChanged } from '../../core/sessions/access-changes.js';
import { applySubscriptionStatus } from './subscription-status.js';

const payloadSchema = z.object({
  app_subscription: z.object({
    // Only a subscription's global id is looked up; anything else is not one of ours.
    admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/AppSubscription\/\d{1,20}$/),
    status: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(subscriptionStatus),
    updated_at: z.string().optional(),
  }),
});

export async function handleAppSubscriptionsUpdate(
  app: FastifyInstance,
  shopDomain: string,
  body: Buffer,
) {
  const event = parseWebhookJson(body, payloadSchema, 'app_subscriptions/update').app_subscription;
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, shopDomain));
  if (!shop) return;
  const updatedAt = event.updated_at ? new Date(event.updated_at) : null;
  const row = await applySubscriptionStatus(app.db, shop.id, event.admin_graphql_api_id, {
    status: event.status,
    platformUpdatedAt: updatedAt && !Number.isNaN(updatedAt.getTime()) ? updatedAt : null,
  });
  if (!row) {
    app.log.info({ shopDomain, id: event.admin_graphql_api_id }, 'unknown subscription ignored');
    return;
  }
  // The plan may have changed: what a paid plan keeps open closes at once without it.
  await accessChanged(app.notify, app.log, shop.id);
  // The plan follows the status: what checkout enforces follows the plan.
  await app.checkoutBlocks.planChanged(shop.id);
  await audit(app.db, {
    shopId: shop.id,
    actor: 'platform',
    action: 'subscription.updated',
    detail: { subscription: event.admin_graphql_api_id, status: event.status },
  });
}
