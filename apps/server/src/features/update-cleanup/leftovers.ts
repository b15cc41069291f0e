// What an older Gatehouse left on a shop that the platform or the app no longer uses: the script
// tag that loaded the storefront script where the app embed was off (the platform takes no new
// script tags and stops running them), and the webhook subscriptions made per shop at install
// (the topics are now the app's configuration's, subscribed for every shop by the platform). Only
// the app's own are touched: the platform lists an app its own subscriptions and tags, and a tag
// is the app's when its source is the loader on the app's URL; a subscription is the app's when
// it delivers to the app's webhook endpoint. Deleting again what is already gone counts as done.
import type { FastifyInstance } from 'fastify';
import type { Shop } from '../../core/db/schema.js';
import type { SharedDeadline } from '../../core/platform/platform-call.js';
import { gql, type GraphqlDocument } from '../../core/platform/gql.js';
import { PlatformError } from '../../core/platform/platform-error.js';

/** Where the script tag's loader was served on the app's URL. */
export const OLD_LOADER_PATH = '/storefront/fallback.js';
/** The app's one webhook endpoint, which per-shop subscriptions delivered to. */
export const WEBHOOK_PATH = '/api/webhooks';
const PAGE = 100;

interface Page<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

function pathOn(address: string, origin: string | null): string | null {
  try {
    const url = new URL(address);
    return origin === null || url.origin === origin ? url.pathname : null;
  } catch {
    return null;
  }
}

/** One kind of leftover: how the platform lists it and deletes it. */
interface LeftoverKind {
  /** The connection's query; its nodes carry `id` and `address`. */
  list: GraphqlDocument;
  connection: string;
  remove: GraphqlDocument;
  payload: string;
}

const SCRIPT_TAGS: LeftoverKind = {
  list: gql`
    query GatehouseOldScriptTags($first: Int!, $after: String) {
      scriptTags(first: $first, after: $after) {
        nodes {
          id
          address: src
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  connection: 'scriptTags',
  remove: gql`
    mutation GatehouseDeleteScriptTag($id: ID!) {
      scriptTagDelete(id: $id) {
        deletedScriptTagId
        userErrors {
          field
          message
        }
      }
    }
  `,
  payload: 'scriptTagDelete',
};

const SHOP_WEBHOOKS: LeftoverKind = {
  list: gql`
    query GatehouseShopWebhooks($first: Int!, $after: String) {
      webhookSubscriptions(first: $first, after: $after) {
        nodes {
          id
          address: uri
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  connection: 'webhookSubscriptions',
  remove: gql`
    mutation GatehouseDeleteShopWebhook($id: ID!) {
      webhookSubscriptionDelete(id: $id) {
        deletedWebhookSubscriptionId
        userErrors {
          field
          message
        }
      }
    }
  `,
  payload: 'webhookSubscriptionDelete',
};

/** Lists every leftover of a kind, a page at a time, and deletes the app's; answers how many. */
async function deleteLeftovers(
  app: FastifyInstance,
  shop: Shop,
  token: string,
  options: SharedDeadline,
  kind: LeftoverKind,
  isTheApps: (address: string) => boolean,
): Promise<number> {
  const found: { id: string; address: string }[] = [];
  let after: string | null = null;
  for (;;) {
    const data: Record<string, Page<{ id: string; address: string }>> = await app.platform.graphql(
      shop.domain,
      token,
      kind.list,
      { first: PAGE, after },
      options,
    );
    const page = data[kind.connection];
    if (!page) throw new PlatformError(`${kind.connection} answered without a page`);
    found.push(...page.nodes);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
    after = page.pageInfo.endCursor;
  }
  let deleted = 0;
  for (const leftover of found.filter((node) => isTheApps(node.address))) {
    const data: Record<string, { userErrors: { message: string }[] } | null> =
      await app.platform.graphql(
        shop.domain,
        token,
        kind.remove,
        { id: leftover.id },
        {
          ...options,
          // Deleting again what is gone answers "does not exist", which counts as done.
          idempotent: true,
        },
      );
    const errors = data[kind.payload]?.userErrors ?? [];
    const left = errors.filter((error) => !/does not exist|not found/i.test(error.message));
    if (left.length > 0) throw new PlatformError(left.map((error) => error.message).join('; '));
    if (errors.length === 0) deleted += 1;
  }
  return deleted;
}

/** Deletes the app's script tags (the loader on the app's URL); answers how many it deleted. */
export function deleteOldScriptTags(
  app: FastifyInstance,
  shop: Shop,
  token: string,
  options: SharedDeadline,
): Promise<number> {
  const origin = new URL(app.config.appUrl).origin;
  return deleteLeftovers(
    app,
    shop,
    token,
    options,
    SCRIPT_TAGS,
    (src) => pathOn(src, origin) === OLD_LOADER_PATH,
  );
}

/** Deletes the app's per-shop webhook subscriptions; answers how many it deleted. */
export function deleteShopWebhookSubscriptions(
  app: FastifyInstance,
  shop: Shop,
  token: string,
  options: SharedDeadline,
): Promise<number> {
  return deleteLeftovers(
    app,
    shop,
    token,
    options,
    SHOP_WEBHOOKS,
    (uri) => pathOn(uri, null) === WEBHOOK_PATH,
  );
}
