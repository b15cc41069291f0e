// Everything the server asks of the platform (Shopify or the emulator), in one owner: OAuth
// (built in platform-oauth.ts), Admin GraphQL, app-embed state. Webhooks are the app's
// configuration's (shopify.app.toml), subscribed for every shop by the platform itself. Every
// request goes through callPlatform, so each has a time-out, retries what is safe to repeat
// and fails within the call's deadline with a PlatformError saying why. A merchant action that
// makes several calls starts one deadline (flowDeadline) and hands it to each of them. The
// token a GraphQL call is given passes through the token keeper first (refreshed when about to
// expire), and a 401 is tried once more with the token the keeper renews.
import { Session, type Shopify } from '@shopify/shopify-api';
import { getHeader } from '@shopify/shopify-api/runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../env.js';
import { isAppEmbedEnabled } from './app-embed.js';
import {
  API_VERSION_HEADER,
  createApiVersionWatch,
  type ApiVersionWatch,
} from './api-version-watch.js';
import { classifyLibraryError } from './attempt-failure.js';
import { keptGraphql, type TokenKeeper } from './kept-graphql.js';
import {
  callDeadline,
  callPlatform,
  LATE_ANSWER_MS,
  type CallPolicy,
  type SharedDeadline,
} from './platform-call.js';
import { PlatformError } from './platform-error.js';
import { createPlatformOAuth, type PlatformOAuth } from './platform-oauth.js';
import { createPlatformUrl, type PlatformUrl } from './platform-url.js';
import { createShopify } from './shopify.js';
import { gql, type GraphqlDocument } from './gql.js';

export { PlatformError } from './platform-error.js';
export { newOAuthState } from './platform-oauth.js';
export type { TokenKeeper } from './kept-graphql.js';

export interface GraphqlOptions extends SharedDeadline {
  /**
   * Repeating it cannot do anything twice. Queries are; a mutation is only when the platform
   * makes it so (an idempotency key, "already taken" answered on a repeat).
   */
  idempotent?: boolean;
  /**
   * For a write not repeated after a time-out: its request is not abandoned with the attempt
   * but kept open (at most LATE_ANSWER_MS), and should the platform answer it after all, the
   * answer's data is handed here, so that what the platform did is recorded.
   */
  lateAnswer?: (data: unknown) => Promise<void>;
}

export interface PlatformShop {
  shopifyShopId: string;
  name: string;
  email: string;
  /** The store's customer-facing email; empty when it has none. */
  contactEmail: string;
  /** The store owner's name, as the platform knows it. */
  ownerName: string;
  planName: string;
}

export interface PlatformClient extends PlatformOAuth {
  /** Hands every GraphQL call's token to the keeper (set once the keeper is built). */
  useTokenKeeper(keeper: TokenKeeper): void;
  platformUrl: PlatformUrl;
  /** How the API version Shopify answers compares with the one asked. */
  apiVersion: ApiVersionWatch;
  /** Starts the one deadline of a merchant action that makes several platform calls. */
  flowDeadline(): number;
  graphql<T>(
    shop: string,
    token: string,
    query: GraphqlDocument,
    variables?: object,
    options?: GraphqlOptions,
  ): Promise<T>;
  fetchShop(shop: string, token: string, options?: SharedDeadline): Promise<PlatformShop>;
  readAppEmbedState(shop: string, token: string, options?: SharedDeadline): Promise<boolean>;
  invalidateAppEmbedState(shop: string): void;
}

const EMBED_CACHE_MS = 60_000;

export function createPlatformClient(config: AppConfig, log: FastifyBaseLogger): PlatformClient {
  const platformUrl = createPlatformUrl(config.platformUrl);
  const shopify: Shopify = createShopify(config, platformUrl, log);
  const embedCache = new Map<string, { enabled: boolean; until: number }>();

  const policy: CallPolicy = config.platformCalls;
  let keeper: TokenKeeper | null = null;
  const apiVersion = createApiVersionWatch(config.shopify.apiVersion, log);

  async function sendGraphql<T>(
    shop: string,
    token: string,
    query: GraphqlDocument,
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
      { idempotent, ...(options.deadline === undefined ? {} : { deadline: options.deadline }) },
      async (signal) => {
        // The library's own retries would repeat mutations and read Retry-After as
        // milliseconds; callPlatform does the retrying.
        const request = client.request<T>(query, {
          variables: variables ?? {},
          retries: 0,
          signal: options.lateAnswer ? AbortSignal.timeout(LATE_ANSWER_MS) : signal,
        });
        if (options.lateAnswer) hearLate(request, signal, options.lateAnswer, shop);
        const response = await request;
        apiVersion.observe(getHeader(response.headers, API_VERSION_HEADER));
        if (response.errors) throw new PlatformError(JSON.stringify(response.errors));
        if (!response.data) throw new PlatformError('GraphQL answered without data');
        return response.data as T;
      },
      (error, timedOut) => classifyLibraryError(error, timedOut, shop),
    );
  }

  const graphql = keptGraphql<GraphqlOptions>(sendGraphql, () => keeper);

  /** Hands a write's answer that came after its attempt was given up to `lateAnswer`. */
  function hearLate(
    request: Promise<{ data?: unknown; errors?: unknown }>,
    attempt: AbortSignal,
    lateAnswer: (data: unknown) => Promise<void>,
    shop: string,
  ): void {
    request
      .then(async (response) => {
        if (!attempt.aborted || response.errors || !response.data) return;
        log.warn({ shop }, 'the platform answered a write after it was given up; recording it');
        await lateAnswer(response.data);
      })
      .catch((error: unknown) => {
        if (attempt.aborted) {
          log.warn({ err: error, shop }, 'no late answer recorded for a write given up');
        }
      });
  }

  return {
    platformUrl,
    apiVersion,

    flowDeadline: () => callDeadline(policy),

    useTokenKeeper(tokenKeeper) {
      keeper = tokenKeeper;
    },

    ...createPlatformOAuth(config, platformUrl, shopify, policy, log),

    graphql,

    async fetchShop(shop, token, options = {}) {
      const data = await graphql<{
        shop: {
          id: string;
          name: string;
          email: string | null;
          contactEmail: string | null;
          shopOwnerName: string | null;
          plan: { publicDisplayName: string | null } | null;
        };
      }>(
        shop,
        token,
        gql`
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
              }
            }
          }
        `,
        undefined,
        options,
      );
      return {
        shopifyShopId: data.shop.id.split('/').pop() ?? data.shop.id,
        name: data.shop.name,
        email: data.shop.email ?? data.shop.contactEmail ?? '',
        contactEmail: data.shop.contactEmail ?? '',
        ownerName: data.shop.shopOwnerName ?? '',
        planName: data.shop.plan?.publicDisplayName ?? '',
      };
    },

    async readAppEmbedState(shop, token, options = {}) {
      const cached = embedCache.get(shop);
      if (cached && cached.until > Date.now()) return cached.enabled;
      const deadline = options.deadline ?? callDeadline(policy);
      const themes = await graphql<{ themes: { nodes: { id: string }[] } }>(
        shop,
        token,
        gql`
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
          gql`
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
