// Webhook topics: the GraphQL enum names and the `X-Shopify-Topic` form of each.

export const WEBHOOK_TOPICS = {
  APP_UNINSTALLED: 'app/uninstalled',
  APP_SCOPES_UPDATE: 'app/scopes_update',
  APP_SUBSCRIPTIONS_UPDATE: 'app_subscriptions/update',
  ORDERS_CREATE: 'orders/create',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_CANCELLED: 'orders/cancelled',
  ORDERS_PAID: 'orders/paid',
  ORDERS_RISK_ASSESSMENT_CHANGED: 'orders/risk_assessment_changed',
  THEMES_UPDATE: 'themes/update',
  THEMES_PUBLISH: 'themes/publish',
  SHOP_UPDATE: 'shop/update',
} as const;

export type WebhookTopic = keyof typeof WEBHOOK_TOPICS;

export function isWebhookTopic(value: string): value is WebhookTopic {
  return Object.hasOwn(WEBHOOK_TOPICS, value);
}

/** Accepts either form (`APP_UNINSTALLED` or `app/uninstalled`). */
export function toTopicEnum(value: string): WebhookTopic | null {
  if (isWebhookTopic(value)) return value;
  const found = Object.entries(WEBHOOK_TOPICS).find(([, header]) => header === value);
  return found ? (found[0] as WebhookTopic) : null;
}

/** Topics carrying protected customer data need the matching read scope. */
export function requiredScopeFor(topic: WebhookTopic): string | null {
  return topic.startsWith('ORDERS_') ? 'read_orders' : null;
}

/**
 * The mandatory privacy topics: not subscribable through the Admin API, sent to the compliance
 * address the app's configuration declares (`compliance_topics` in shopify.app.toml).
 */
export const COMPLIANCE_TOPICS = {
  CUSTOMERS_DATA_REQUEST: 'customers/data_request',
  CUSTOMERS_REDACT: 'customers/redact',
  SHOP_REDACT: 'shop/redact',
} as const;

export type ComplianceTopic = keyof typeof COMPLIANCE_TOPICS;
