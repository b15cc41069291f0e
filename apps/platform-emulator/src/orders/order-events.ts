// The webhooks an order sends as it changes: the REST Order payload for orders/create,
// orders/paid, orders/updated and orders/cancelled, and the assessment's own payload for
// orders/risk_assessment_changed.
import type { EmulatorContext } from '../context.js';
import { APP_ID } from '../metafields/app-metafields.js';
import type { OrderRecord, RiskAssessmentRecord } from '../state/order-types.js';
import type { WebhookTopic } from '../webhooks/topics.js';
import { orderPayload } from './order-payload.js';

export type OrderTopic = Extract<WebhookTopic, `ORDERS_${string}`>;

export function sendOrderWebhooks(
  context: EmulatorContext,
  order: OrderRecord,
  topics: OrderTopic[],
  assessment?: RiskAssessmentRecord,
): void {
  const shop = context.store.shop(order.shop);
  if (!shop) return;
  const payload = orderPayload(context, shop, order);
  for (const topic of topics) {
    if (topic === 'ORDERS_RISK_ASSESSMENT_CHANGED') {
      if (!assessment) continue;
      context.dispatcher.trigger(order.shop, topic, {
        provider_id: assessment.provider ? APP_ID : null,
        provider_title: assessment.provider?.title ?? null,
        risk_level: assessment.riskLevel.toLowerCase(),
        created_at: assessment.createdAt,
        order_id: order.id,
        admin_graphql_api_order_id: `gid://shopify/Order/${order.id}`,
      });
    } else {
      context.dispatcher.trigger(order.shop, topic, payload);
    }
  }
}
