// The routes outside the contract table, as the fuzz suite must call them: how each one is
// authenticated, where its input travels, what it answers and a plausible input the
// generators start from. route-fuzz.test.ts lists every route the app registers and fails when
// one is in neither this table nor the contract table, so a new endpoint is fuzzed from the
// day it is added. One row per scenario: a route may have several (the webhook endpoint has
// one per topic), and HEAD is covered by its GET.
import {
  ACCESS_REQUEST_PATH,
  ADMIN_ACCESS_PATH,
  visitReference,
  DECIDE_PATH,
  FIREWALL_ACCESS_LOG_PATH,
  FIREWALL_FEEDS_PATH,
  FIREWALL_POLICIES_PATH,
  customerBlockListsExportPath,
  FIREWALL_ACCESS_STREAM_PATH,
  ipListExportPath,
  referrerBlockerExportPath,
  VISIT_EXPORT_PATH,
} from '@gatehouse/contracts';

/**
 * How the route is authenticated. `bearer`: the merchant's session; `support`: the support
 * API key; `firewall`: the firewall key; `webhook-hmac`: the platform's HMAC of the raw body; `callback-hmac`: the
 * platform's HMAC of the query (the OAuth callback); `none`: public.
 */
export type RouteAuth =
  'bearer' | 'support' | 'firewall' | 'webhook-hmac' | 'callback-hmac' | 'none';

/**
 * Where the input travels: the query string, a JSON body, a form body, a platform webhook
 * (`{ topic, shop, body }`: headers and a signed JSON body), or nowhere.
 */
export type RouteInput = 'query' | 'json' | 'form' | 'webhook' | 'none';

/** What a route answers when it accepts: refusals are the error body in JSON except on pages. */
export type RouteAnswer = 'json' | 'csv' | 'html' | 'redirect' | 'file' | 'empty';

/** What the rows need to know about the shop the fuzz signs in as. */
export interface RouteFuzzShop {
  domain: string;
  /** The platform's numeric shop id (public: it is in the store's own pages). */
  shopifyShopId: string;
  /** A live feedback form token of the shop's last rating. */
  feedbackToken: string;
}

export interface FuzzRoute {
  /** The scenario, for test names. */
  name: string;
  method: 'GET' | 'POST' | 'OPTIONS';
  /** The path exactly as registered (a wildcard route keeps its `*`). */
  path: string;
  auth: RouteAuth;
  input: RouteInput;
  answers: RouteAnswer;
  plausible(shop: RouteFuzzShop): Record<string, unknown>;
  /**
   * Fields whose text with a control, bidi or broken character must be refused with a 4xx
   * (it would be stored, shown or used as a lookup key); `any` also means unknown fields.
   * Routes that read a few fields and ignore the rest (links followed from elsewhere carry
   * tracking parameters) list the fields they read.
   */
  refusesHostileText: 'any' | readonly string[];
  /**
   * How the route refuses. `status` (the default): a 4xx. `quiet`: a 4xx, or an answer that
   * stores nothing, for callers that cannot correct their request: the platform's webhook
   * deliveries (a 4xx only makes the platform deliver the same payload again) and the
   * merchant's browser coming back from the platform (sent on to a page that says it failed).
   */
  refusal?: 'status' | 'quiet';
  /** Support's calls see every shop by design: another shop's data may appear. */
  seesEveryShop?: boolean;
}

/**
 * A webhook delivery of one topic. Its payload is the platform's and may carry any text a
 * merchant typed (a theme's name): only the fields the topic's handler reads must refuse
 * hostile text, and a payload it cannot use is answered without storing anything.
 */
const webhook = (
  topic: string,
  reads: readonly string[],
  body: (shop: RouteFuzzShop) => Record<string, unknown>,
): FuzzRoute => ({
  name: `webhook ${topic}`,
  method: 'POST',
  path: '/api/webhooks',
  auth: 'webhook-hmac',
  input: 'webhook',
  answers: 'json',
  plausible: (shop) => ({ topic, shop: shop.domain, body: body(shop) }),
  refusesHostileText: reads.map((field) => `body.${field}`),
  refusal: 'quiet',
});

const exportRoute = (name: string, path: string): FuzzRoute => ({
  name,
  method: 'GET',
  path,
  auth: 'bearer',
  input: 'query',
  answers: 'csv',
  plausible: () => ({}),
  refusesHostileText: 'any',
});

export const ROUTE_TABLE: readonly FuzzRoute[] = [
  {
    name: 'firewall policy snapshot',
    method: 'GET',
    path: FIREWALL_POLICIES_PATH,
    auth: 'firewall',
    input: 'none',
    answers: 'json',
    plausible: () => ({}),
    refusesHostileText: [],
    // The firewalls protect every shop: the snapshot holds each shop that has the Firewall on.
    seesEveryShop: true,
  },
  {
    name: 'firewall network feeds',
    method: 'GET',
    path: FIREWALL_FEEDS_PATH,
    auth: 'firewall',
    input: 'none',
    answers: 'json',
    plausible: () => ({}),
    refusesHostileText: [],
    // The feeds are the same for every shop: no shop's data is in them.
    seesEveryShop: true,
  },
  {
    name: 'firewall access log batch',
    method: 'POST',
    path: FIREWALL_ACCESS_LOG_PATH,
    auth: 'firewall',
    input: 'json',
    answers: 'json',
    plausible: () => ({
      entries: [
        {
          shopId: '00000000-0000-4000-8000-000000000000',
          time: 1_700_000_000_000,
          ip: '203.0.113.9',
          country: 'DE',
          asn: 24940,
          method: 'GET',
          url: '/products/hat',
          status: 200,
          action: 'allow',
          rule: null,
          bytes: 100,
          durationMs: 2,
        },
      ],
    }),
    refusesHostileText: 'any',
    // The firewalls protect every shop: a batch may hold entries of any shop with the Firewall on.
    seesEveryShop: true,
  },
  {
    // Accepted only with Accept: text/event-stream (a stream that does not end); the fuzz
    // reaches its checks of the session, the plan and the filters, and its 406.
    name: 'firewall access log live tail',
    method: 'GET',
    path: FIREWALL_ACCESS_STREAM_PATH,
    auth: 'bearer',
    input: 'query',
    answers: 'json',
    plausible: () => ({ ip: '203.0.113.9', status: '403', blocked: 'true' }),
    refusesHostileText: 'any',
  },
  {
    name: 'health',
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    input: 'none',
    answers: 'json',
    plausible: () => ({}),
    refusesHostileText: [],
  },
  {
    name: 'storefront decide',
    method: 'GET',
    path: DECIDE_PATH,
    auth: 'none',
    input: 'query',
    answers: 'json',
    plausible: (shop) => ({
      shop: shop.domain,
      url: `https://${shop.domain}/products/a`,
      ref: 'https://example.com/',
      t: 'a',
      d: 'a',
    }),
    // The tokens are only verified, never stored; a bad one is a missing one.
    refusesHostileText: ['shop', 'url', 'ref'],
  },
  {
    name: 'storefront decide preflight',
    method: 'OPTIONS',
    path: DECIDE_PATH,
    auth: 'none',
    input: 'none',
    answers: 'empty',
    plausible: () => ({}),
    refusesHostileText: [],
  },
  {
    name: 'storefront adminAccess',
    method: 'POST',
    path: ADMIN_ACCESS_PATH,
    auth: 'none',
    input: 'json',
    answers: 'json',
    plausible: (shop) => ({ shop: shop.domain, shopId: shop.shopifyShopId, enabled: true }),
    refusesHostileText: 'any',
  },
  {
    name: 'storefront adminAccess off',
    method: 'POST',
    path: ADMIN_ACCESS_PATH,
    auth: 'none',
    input: 'json',
    answers: 'json',
    plausible: (shop) => ({
      shop: shop.domain,
      shopId: shop.shopifyShopId,
      enabled: false,
      d: 'a',
    }),
    refusesHostileText: 'any',
  },
  {
    name: 'storefront adminAccess preflight',
    method: 'OPTIONS',
    path: ADMIN_ACCESS_PATH,
    auth: 'none',
    input: 'none',
    answers: 'empty',
    plausible: () => ({}),
    refusesHostileText: [],
  },
  {
    name: 'storefront accessRequest',
    method: 'POST',
    path: ACCESS_REQUEST_PATH,
    auth: 'none',
    input: 'json',
    answers: 'json',
    plausible: (shop) => ({
      shop: shop.domain,
      reference: visitReference(Date.now(), '127.0.0.1'),
      email: 'shopper@example.com',
      message: 'Please let me in.',
    }),
    refusesHostileText: 'any',
  },
  {
    name: 'storefront accessRequest preflight',
    method: 'OPTIONS',
    path: ACCESS_REQUEST_PATH,
    auth: 'none',
    input: 'none',
    answers: 'empty',
    plausible: () => ({}),
    refusesHostileText: [],
  },
  {
    name: 'OAuth callback',
    method: 'GET',
    path: '/api/auth/callback',
    auth: 'callback-hmac',
    input: 'query',
    answers: 'html',
    plausible: (shop) => ({ shop: shop.domain, code: 'a', state: 'a', host: 'a' }),
    refusesHostileText: ['shop', 'code', 'state'],
  },
  {
    name: 'billing return',
    method: 'GET',
    path: '/api/billing/return',
    auth: 'none',
    input: 'query',
    answers: 'redirect',
    plausible: (shop) => ({ shop: shop.domain, charge_id: '1' }),
    refusesHostileText: ['shop', 'charge_id'],
    refusal: 'quiet',
  },
  {
    // The admin's page; inside the platform's admin it names the shop that frames it.
    name: 'admin page',
    method: 'GET',
    path: '/',
    auth: 'none',
    input: 'query',
    answers: 'html',
    plausible: (shop) => ({ embedded: '1', host: 'YWRtaW4', shop: shop.domain }),
    refusesHostileText: ['shop'],
    refusal: 'quiet',
  },
  {
    name: 'feedback page',
    method: 'GET',
    path: '/feedback.html',
    auth: 'none',
    input: 'query',
    answers: 'html',
    plausible: (shop) => ({ shopId: shop.shopifyShopId, rating: '3' }),
    refusesHostileText: ['shopId', 'rating'],
  },
  {
    name: 'feedback comment',
    method: 'POST',
    path: '/feedback.html',
    auth: 'none',
    input: 'form',
    answers: 'html',
    plausible: (shop) => ({ token: shop.feedbackToken, comment: 'a' }),
    refusesHostileText: ['token', 'comment'],
  },
  exportRoute('block list CSV export', ipListExportPath('ipBlocker')),
  exportRoute('allow list CSV export', ipListExportPath('whiteLists')),
  exportRoute('referrer list CSV export', referrerBlockerExportPath),
  exportRoute('customer block lists CSV export', customerBlockListsExportPath),
  {
    ...exportRoute('visitor log CSV export', VISIT_EXPORT_PATH),
    plausible: () => ({ country: 'US', ip: '203.0.113.0/24', url: 'a', range: '7d' }),
  },
  webhook('app_subscriptions/update', ['app_subscription'], () => ({
    app_subscription: {
      admin_graphql_api_id: 'gid://shopify/AppSubscription/1',
      status: 'ACTIVE',
      updated_at: '2030-01-01T00:00:00Z',
    },
  })),
  webhook('app/scopes_update', ['previous', 'current'], () => ({
    previous: ['read_themes'],
    current: ['read_themes'],
  })),
  // The theme topics make the embed watch read the live theme from the platform.
  webhook('themes/update', [], () => ({ id: 1, name: 'a', role: 'main' })),
  webhook('themes/publish', [], () => ({ id: 1, name: 'a', role: 'main' })),
  // The order topics Fraud Protect acts on: it reads the order's id and asks the platform.
  webhook('orders/create', [], () => ({ id: 1, note: 'a' })),
  webhook('orders/risk_assessment_changed', [], () => ({ order_id: 1, risk_level: 'high' })),
  // The store's details changed: the app reads them again from the platform.
  webhook('shop/update', [], () => ({ id: 1, name: 'a' })),
  // A topic no handler knows (the platform may add some): received and set aside.
  webhook('products/update', [], () => ({ id: 1, title: 'a' })),
  // The privacy topics: what they read is the customer's ids and the shop's.
  webhook('customers/data_request', [], (shop) => ({
    shop_domain: shop.domain,
    customer: { id: 1, email: 'a@example.com', phone: '' },
    orders_requested: [1],
    data_request: { id: 1 },
  })),
  webhook('customers/redact', [], (shop) => ({
    shop_domain: shop.domain,
    customer: { id: 1, email: 'a@example.com', phone: '' },
    orders_to_redact: [1],
  })),
  webhook('shop/redact', [], (shop) => ({ shop_domain: shop.domain })),
  {
    name: 'support personate',
    method: 'POST',
    path: '/api/support/personate',
    auth: 'support',
    input: 'json',
    answers: 'json',
    plausible: (shop) => ({ shop: shop.domain }),
    refusesHostileText: 'any',
    seesEveryShop: true,
  },
  {
    name: 'support notify',
    method: 'POST',
    path: '/api/support/notify',
    auth: 'support',
    input: 'json',
    answers: 'json',
    plausible: (shop) => ({ shop: shop.domain, text: 'a' }),
    refusesHostileText: 'any',
    seesEveryShop: true,
  },
  {
    name: 'support set',
    method: 'POST',
    path: '/api/support/set',
    auth: 'support',
    input: 'json',
    answers: 'json',
    plausible: (shop) => ({ shop: shop.domain, values: { isShowWaf: 'true' } }),
    refusesHostileText: 'any',
    seesEveryShop: true,
  },
  {
    name: 'support show',
    method: 'GET',
    path: '/api/support/show',
    auth: 'support',
    input: 'query',
    answers: 'json',
    plausible: (shop) => ({ shop: shop.domain }),
    refusesHostileText: 'any',
    seesEveryShop: true,
  },
  {
    name: 'support questions',
    method: 'GET',
    path: '/api/support/questions',
    auth: 'support',
    input: 'query',
    answers: 'json',
    plausible: () => ({}),
    refusesHostileText: 'any',
    seesEveryShop: true,
  },
  {
    name: 'support webhook deliveries',
    method: 'GET',
    path: '/api/support/webhooks',
    auth: 'support',
    input: 'query',
    answers: 'json',
    plausible: (shop) => ({ shop: shop.domain }),
    refusesHostileText: 'any',
    seesEveryShop: true,
  },
  {
    name: 'support webhook retry',
    method: 'POST',
    path: '/api/support/webhooks/retry',
    auth: 'support',
    input: 'json',
    answers: 'json',
    plausible: () => ({ webhookId: 'a' }),
    refusesHostileText: 'any',
    seesEveryShop: true,
  },
  {
    name: 'support data requests',
    method: 'GET',
    path: '/api/support/data-requests',
    auth: 'support',
    input: 'query',
    answers: 'json',
    plausible: (shop) => ({ shop: shop.domain }),
    refusesHostileText: 'any',
    seesEveryShop: true,
  },
  {
    name: 'support data request',
    method: 'GET',
    path: '/api/support/data-requests/:id',
    auth: 'support',
    input: 'query',
    answers: 'json',
    plausible: () => ({}),
    refusesHostileText: 'any',
    seesEveryShop: true,
  },
  {
    name: 'admin files',
    method: 'GET',
    path: '/*',
    auth: 'none',
    input: 'none',
    answers: 'file',
    plausible: () => ({}),
    refusesHostileText: [],
  },
];
