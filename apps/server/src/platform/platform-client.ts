// Everything the server asks of the platform (Shopify or the emulator), in one owner:
// OAuth URLs and code exchange, Admin GraphQL, webhook registration, app-embed state. Every
// request goes through callPlatform, so each has a time-out, retries what is safe to repeat
// and fails within the call's deadline with a PlatformError saying why.
import { randomBytes } from 'node:crypto';
import { Session, type Shopify } from '@shopify/shopify-api';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../env.js';
import { isAppEmbedEnabled } from './app-embed.js';
import { classifyFetchError, classifyLibraryError, HttpStatusError } from './attempt-failure.js';
import { callDeadline, callPlatform, type CallPolicy } from './platform-call.js';
import { PlatformError } from './platform-error.js';
import { createPlatformUrl, type PlatformUrl } from './platform-url.js';
import { createShopify } from './shopify.js';

export { PlatformError } from './platform-error.js';

export interface GraphqlOptions {
  /**
   * Repeating it cannot do anything twice. Queries are; a mutation is only when the platform
   * makes it so (an idempotency key, "already taken" answered on a repeat).
   */
  idempotent?: boolean;
  /** An absolute deadline shared with the other calls of one merchant action. */
  deadline?: number;
}

export interface PlatformShop {
  shopifyShopId: string;
  name: string;
  email: string;
  /** The store owner's name, as the platform knows it. */
  ownerName: string;
  planName: string;
}

export interface PlatformClient {
  platformUrl: PlatformUrl;
  authorizeUrl(shop: string, state: string): string;
  /** True when the callback query carries a valid HMAC and a fresh timestamp. */
  isValidCallback(query: Record<string, string | string[]>): Promise<boolean>;
  exchangeCode(shop: string, code: string): Promise<{ accessToken: string; scopes: string[] }>;
  graphql<T>(
    shop: string,
    token: string,
    query: string,
    variables?: object,
    options?: GraphqlOptions,
  ): Promise<T>;
  fetchShop(shop: string, token: string): Promise<PlatformShop>;
  registerWebhooks(shop: string, token: string): Promise<void>;
  readAppEmbedState(shop: string, token: string): Promise<boolean>;
  invalidateAppEmbedState(shop: string): void;
}

const EMBED_CACHE_MS = 60_000;
export const webhookTopics = [
  'APP_UNINSTALLED',
  'THEMES_UPDATE',
  'APP_SUBSCRIPTIONS_UPDATE',
  'APP_SCOPES_UPDATE',
] as const;

export function createPlatformClient(config: AppConfig, log: FastifyBaseLogger): PlatformClient {
  const platformUrl = createPlatformUrl(config.platformUrl);
  const shopify: Shopify = createShopify(config, platformUrl, log);
  const embedCache = new Map<string, { enabled: boolean; until: number }>();

  const policy: CallPolicy = config.platformCalls;

  async function graphql<T>(
    shop: string,
    token: string,
    query: string,
    variables?: object,
    options: GraphqlOptions = {},
  ): Promise<T> {
    const session = new Session({
      id: `offline_${shop}`,
      shop,
      state: '',
      isOnline: false,
      accessToken: token,
    });
    const client = new shopify.clients.Graphql({ session });
    const idempotent = options.idempotent ?? !/^\s*mutation\b/.test(query);
    return callPlatform(
      policy,
      { idempotent, ...(options.deadline ? { deadline: options.deadline } : {}) },
      async (signal) => {
        // The library's own retries would repeat mutations and read Retry-After as
        // milliseconds; callPlatform does the retrying.
        const response = await client.request<T>(query, {
          variables: variables ?? {},
          retries: 0,
          signal,
        });
        if (response.errors) throw new PlatformError(JSON.stringify(response.errors));
        if (!response.data) throw new PlatformError('GraphQL answered without data');
        return response.data as T;
      },
      (error, timedOut) => classifyLibraryError(error, timedOut, shop),
    );
  }

  return {
    platformUrl,

    authorizeUrl(shop, state) {
      const params = new URLSearchParams({
        client_id: config.shopify.apiKey,
        scope: config.shopify.scopes.join(','),
        redirect_uri: `${config.appUrl}/api/auth/callback`,
        state,
        'grant_options[]': '',
      });
      return platformUrl(shop, `/admin/oauth/authorize?${params.toString().replace(/\+/g, '%20')}`);
    },

    async isValidCallback(query) {
      try {
        return await shopify.utils.validateHmac(query as Record<string, string>);
      } catch (error) {
        log.info({ err: error }, 'OAuth callback HMAC refused');
        return false;
      }
    },

    async exchangeCode(shop, code) {
      // A code is single-use: only answers that prove it was not spent are retried.
      const body = await callPlatform(
        policy,
        { idempotent: false },
        async (signal) => {
          const response = await fetch(platformUrl(shop, '/admin/oauth/access_token'), {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({
              client_id: config.shopify.apiKey,
              client_secret: config.shopify.apiSecret,
              code,
            }),
            signal,
          });
          if (response.status === 429 || response.status >= 500) {
            throw new HttpStatusError(response.status, response.headers.get('retry-after'));
          }
          const json = (await response.json().catch(() => null)) as {
            access_token?: unknown;
            scope?: unknown;
            error?: unknown;
          } | null;
          if (!response.ok || typeof json?.access_token !== 'string') {
            throw new PlatformError(
              `Code exchange for ${shop} failed with ${response.status}: ${String(json?.error ?? '')}`,
            );
          }
          return { accessToken: json.access_token, scope: json.scope };
        },
        (error, timedOut) => classifyFetchError(error, timedOut, `Code exchange for ${shop}`),
      );
      const scopes = typeof body.scope === 'string' ? body.scope.split(',') : [];
      return {
        accessToken: body.accessToken,
        scopes: scopes.map((s) => s.trim()).filter(Boolean),
      };
    },

    graphql,

    async fetchShop(shop, token) {
      const data = await graphql<{
        shop: {
          id: string;
          name: string;
          email: string | null;
          contactEmail: string | null;
          shopOwnerName: string | null;
          plan: { publicDisplayName: string | null; displayName: string | null } | null;
        };
      }>(
        shop,
        token,
        `
          query GatehouseShop {
            shop {
              id
              name
              email
              contactEmail
              shopOwnerName
              myshopifyDomain
              plan {
                publicDisplayName
                displayName
              }
            }
          }
        `,
      );
      return {
        shopifyShopId: data.shop.id.split('/').pop() ?? data.shop.id,
        name: data.shop.name,
        email: data.shop.email ?? data.shop.contactEmail ?? '',
        ownerName: data.shop.shopOwnerName ?? '',
        planName: data.shop.plan?.publicDisplayName ?? data.shop.plan?.displayName ?? '',
      };
    },

    async registerWebhooks(shop, token) {
      const deadline = callDeadline(policy);
      for (const topic of webhookTopics) {
        const data = await graphql<{
          webhookSubscriptionCreate: { userErrors: { message: string }[] };
        }>(
          shop,
          token,
          `
            mutation GatehouseWebhook($topic: WebhookSubscriptionTopic!, $callbackUrl: URL!) {
              webhookSubscriptionCreate(
                topic: $topic
                webhookSubscription: { callbackUrl: $callbackUrl, format: JSON }
              ) {
                webhookSubscription {
                  id
                }
                userErrors {
                  field
                  message
                }
              }
            }
          `,
          { topic, callbackUrl: `${config.appUrl}/api/webhooks` },
          // A repeat answers "already been taken", which counts as done.
          { idempotent: true, deadline },
        );
        const errors = data.webhookSubscriptionCreate.userErrors.filter(
          (e) => !/already been taken/i.test(e.message),
        );
        if (errors.length > 0) {
          throw new PlatformError(`Webhook ${topic}: ${errors.map((e) => e.message).join('; ')}`);
        }
      }
    },

    async readAppEmbedState(shop, token) {
      const cached = embedCache.get(shop);
      if (cached && cached.until > Date.now()) return cached.enabled;
      const deadline = callDeadline(policy);
      const themes = await graphql<{ themes: { nodes: { id: string }[] } }>(
        shop,
        token,
        `
          query GatehouseMainTheme {
            themes(first: 1, roles: [MAIN]) {
              nodes {
                id
                name
                role
              }
            }
          }
        `,
        undefined,
        { deadline },
      );
      const themeId = themes.themes.nodes[0]?.id;
      let enabled = false;
      if (themeId) {
        const data = await graphql<{
          theme: {
            files: { nodes: { filename: string; body: { content?: string } | null }[] };
          } | null;
        }>(
          shop,
          token,
          `
            query GatehouseSettingsData($id: ID!) {
              theme(id: $id) {
                id
                files(filenames: ["config/settings_data.json"]) {
                  nodes {
                    filename
                    body {
                      ... on OnlineStoreThemeFileBodyText {
                        content
                      }
                    }
                  }
                }
              }
            }
          `,
          { id: themeId },
          { deadline },
        );
        const content = data.theme?.files.nodes[0]?.body?.content;
        enabled = typeof content === 'string' && isAppEmbedEnabled(content);
      }
      embedCache.set(shop, { enabled, until: Date.now() + EMBED_CACHE_MS });
      return enabled;
    },

    invalidateAppEmbedState(shop) {
      embedCache.delete(shop);
    },
  };
}

/** A random, unguessable OAuth state value: 32 bytes as hex. */
export function newOAuthState(): string {
  return randomBytes(32).toString('hex');
}
