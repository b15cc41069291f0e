// REST-shaped webhook bodies, as the platform sends them, built from the emulator's records.
import { decimal } from '../billing/money.js';
import type { AppSubscriptionRecord, ShopRecord, ThemeRecord } from '../state/types.js';

export function shopPayload(shop: ShopRecord): Record<string, unknown> {
  return {
    id: shop.id,
    name: shop.name,
    email: shop.email,
    domain: shop.domain,
    province: 'New York',
    country: shop.countryCode,
    address1: '1 Demo Way',
    zip: '10001',
    city: 'New York',
    source: null,
    phone: '',
    latitude: null,
    longitude: null,
    primary_locale: 'en',
    address2: null,
    created_at: shop.createdAt,
    updated_at: shop.updatedAt,
    country_code: shop.countryCode,
    country_name: shop.countryCode === 'US' ? 'United States' : shop.countryCode,
    currency: shop.currency,
    customer_email: shop.contactEmail ?? shop.email,
    timezone: `(GMT-05:00) ${shop.timezone}`,
    iana_timezone: shop.timezone,
    shop_owner: shop.shopOwner,
    money_format: '${{amount}}',
    money_with_currency_format: '${{amount}} USD',
    weight_unit: 'lb',
    province_code: 'NY',
    taxes_included: false,
    tax_shipping: null,
    county_taxes: true,
    plan_display_name: shop.planDisplayName,
    plan_name: shop.planDisplayName.toLowerCase(),
    has_discounts: false,
    has_gift_cards: false,
    myshopify_domain: shop.domain,
    google_apps_domain: null,
    google_apps_login_enabled: null,
    money_in_emails_format: '${{amount}}',
    money_with_currency_in_emails_format: '${{amount}} USD',
    eligible_for_payments: true,
    requires_extra_payments_agreement: false,
    password_enabled: false,
    has_storefront: true,
    finances: true,
    primary_location_id: null,
    checkout_api_supported: true,
    multi_location_enabled: true,
    setup_required: false,
    pre_launch_enabled: false,
    enabled_presentment_currencies: [shop.currency],
    transactional_sms_disabled: false,
    marketing_sms_consent_enabled_at_checkout: false,
  };
}

export function themePayload(theme: ThemeRecord): Record<string, unknown> {
  return {
    id: theme.id,
    name: theme.name,
    created_at: theme.createdAt,
    updated_at: theme.updatedAt,
    role: theme.role === 'MAIN' ? 'main' : theme.role.toLowerCase(),
    theme_store_id: 887,
    previewable: true,
    processing: false,
    admin_graphql_api_id: `gid://shopify/OnlineStoreTheme/${theme.id}`,
  };
}

/**
 * `app_subscriptions/update`: the subscription as it is now. `plan_handle` belongs to
 * platform-managed pricing plans; a subscription made through the API has none.
 */
export function appSubscriptionPayload(
  shop: ShopRecord,
  sub: AppSubscriptionRecord,
): Record<string, unknown> {
  const recurring = sub.lineItems.find((item) => item.kind === 'recurring');
  const usage = sub.lineItems.find((item) => item.kind === 'usage');
  return {
    app_subscription: {
      admin_graphql_api_id: `gid://shopify/AppSubscription/${sub.id}`,
      name: sub.name,
      status: sub.status,
      admin_graphql_api_shop_id: `gid://shopify/Shop/${shop.id}`,
      created_at: sub.createdAt,
      updated_at: sub.updatedAt,
      currency: (recurring ?? usage)?.currencyCode ?? shop.currency,
      capped_amount: usage ? decimal(usage.cappedCents) : null,
      price: decimal(recurring?.priceCents ?? 0),
      interval: recurring?.interval === 'ANNUAL' ? 'annual' : 'every_30_days',
      plan_handle: null,
    },
  };
}
