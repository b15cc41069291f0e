import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { graphql, install, startEmulator } from './helpers.js';
import { supportedApiVersions } from '../src/graphql/api-versions.js';

const SHOP_QUERY = /* GraphQL */ `
  query {
    shop {
      id
      name
      email
      contactEmail
      shopOwnerName
      myshopifyDomain
      currencyCode
      ianaTimezone
      primaryDomain {
        url
        host
      }
      plan {
        publicDisplayName
        partnerDevelopment
        shopifyPlus
      }
    }
  }
`;

let app: FastifyInstance;
let token: string;
beforeEach(async () => {
  app = await startEmulator();
  token = await install(app, 'demo.myshopify.com');
});
afterEach(() => app.close());

describe('Admin GraphQL', () => {
  it('answers the shop query for a valid token, with the cost extension', async () => {
    const { status, body } = await graphql(app, 'demo.myshopify.com', token, SHOP_QUERY);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      shop: {
        id: 'gid://shopify/Shop/548380009',
        name: 'Demo Store',
        email: 'owner@demo-store.example',
        contactEmail: 'hello@demo-store.example',
        shopOwnerName: 'Dana Whitfield',
        myshopifyDomain: 'demo.myshopify.com',
        currencyCode: 'USD',
        ianaTimezone: 'America/New_York',
        primaryDomain: {
          url: 'http://127.0.0.1:4999/shops/demo.myshopify.com',
          host: 'demo.myshopify.com',
        },
        plan: {
          publicDisplayName: 'Basic',
          partnerDevelopment: false,
          shopifyPlus: false,
        },
      },
    });
    expect(body.extensions).toMatchObject({
      cost: {
        requestedQueryCost: expect.any(Number),
        actualQueryCost: expect.any(Number),
        throttleStatus: {
          maximumAvailable: 2000,
          currentlyAvailable: expect.any(Number),
          restoreRate: 100,
        },
      },
    });
  });

  it('names an owner for shops created on the fly, the same name for the same handle', async () => {
    const names: string[] = [];
    for (const shop of ['acme-outdoor.myshopify.com', 'acme-outdoor.myshopify.com']) {
      const restarted = await startEmulator();
      const shopToken = await install(restarted, shop);
      const { body } = await graphql<{ shop: { shopOwnerName: string } }>(
        restarted,
        shop,
        shopToken,
        '{ shop { shopOwnerName } }',
      );
      await restarted.close();
      names.push(body.data?.shop.shopOwnerName ?? '');
    }
    expect(names[0]).toMatch(/^[A-Z][a-zá]+ [A-Z][a-z]+$/);
    expect(names[0]).not.toContain('Acme');
    expect(names[1]).toBe(names[0]);
  });

  it('refuses a missing, wrong or other-shop token with 401', async () => {
    const expected = {
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    };
    const missing = await graphql(app, 'demo.myshopify.com', null, SHOP_QUERY);
    expect(missing).toEqual({ status: 401, body: expected });
    const wrong = await graphql(app, 'demo.myshopify.com', 'shpat_0000', SHOP_QUERY);
    expect(wrong).toEqual({ status: 401, body: expected });
    const otherToken = await install(app, 'acme-outdoor.myshopify.com');
    const crossShop = await graphql(app, 'demo.myshopify.com', otherToken, SHOP_QUERY);
    expect(crossShop).toEqual({ status: 401, body: expected });
  });

  it('answers 404 for an API version that does not exist', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/shops/demo.myshopify.com/admin/api/2025-11/graphql.json',
      headers: { 'x-shopify-access-token': token },
      payload: { query: '{ shop { id } }' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('names the version it answers as, falling forward from a retired version', async () => {
    const ask = (version: string) =>
      app.inject({
        method: 'POST',
        url: `/shops/demo.myshopify.com/admin/api/${version}/graphql.json`,
        headers: { 'x-shopify-access-token': token },
        payload: { query: '{ shop { id } }' },
      });
    const [oldest] = supportedApiVersions(new Date());
    const current = await ask('2026-10');
    expect(current.headers['x-shopify-api-version']).toBe('2026-10');
    const retired = await ask('2025-10');
    expect(retired.statusCode).toBe(200);
    expect(retired.headers['x-shopify-api-version']).toBe(oldest);
    expect(retired.json()).toMatchObject({
      data: { shop: { id: 'gid://shopify/Shop/548380009' } },
    });
  });

  it('lists the granted scopes of the current installation', async () => {
    const { body } = await graphql(
      app,
      'demo.myshopify.com',
      token,
      '{ currentAppInstallation { id accessScopes { handle } } }',
    );
    expect(body.data).toEqual({
      currentAppInstallation: {
        id: expect.stringMatching(/^gid:\/\/shopify\/AppInstallation\/\d+$/),
        accessScopes: [
          { handle: 'read_orders' },
          { handle: 'write_orders' },
          { handle: 'read_themes' },
        ],
      },
    });
  });

  it('denies theme fields without read_themes', async () => {
    const limited = await install(app, 'acme-outdoor.myshopify.com', 'read_orders');
    const { status, body } = await graphql(
      app,
      'acme-outdoor.myshopify.com',
      limited,
      '{ themes(first: 1, roles: [MAIN]) { nodes { id } } }',
    );
    expect(status).toBe(200);
    expect(body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }) }),
    ]);
  });

  it('lists the published theme and reads a file that starts with a comment', async () => {
    const { body } = await graphql<{
      themes: { nodes: { id: string; name: string; role: string }[] };
    }>(
      app,
      'demo.myshopify.com',
      token,
      '{ themes(first: 5, roles: [MAIN]) { nodes { id name role } } }',
    );
    const theme = body.data?.themes.nodes[0];
    expect(theme).toMatchObject({ name: 'Dawn', role: 'MAIN' });
    const file = await graphql<{
      theme: { files: { nodes: { filename: string; body: { content: string } }[] } };
    }>(
      app,
      'demo.myshopify.com',
      token,
      'query($id: ID!) { theme(id: $id) { files(filenames: ["config/settings_data.json", "missing.json"]) { nodes { filename body { ... on OnlineStoreThemeFileBodyText { content } } } } } }',
      { id: theme?.id },
    );
    const nodes = file.body.data?.theme.files.nodes ?? [];
    expect(nodes.map((n) => n.filename)).toEqual(['config/settings_data.json']);
    expect(nodes[0]?.body.content.startsWith('/*')).toBe(true);
  });

  it('creates, lists and deletes webhook subscriptions, refusing a duplicate address', async () => {
    const create = /* GraphQL */ `
      mutation ($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
        webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) {
          webhookSubscription {
            id
            topic
            endpoint {
              __typename
              ... on WebhookHttpEndpoint {
                callbackUrl
              }
            }
          }
          userErrors {
            field
            message
          }
        }
      }
    `;
    const variables = {
      topic: 'APP_UNINSTALLED',
      sub: { callbackUrl: 'http://127.0.0.1:3999/api/webhooks', format: 'JSON' },
      // api-lib sends variables the operation does not declare; they must be ignored.
      idempotencyKey: 'undeclared',
    };
    const first = await graphql<{
      webhookSubscriptionCreate: {
        webhookSubscription: { id: string } | null;
        userErrors: unknown[];
      };
    }>(app, 'demo.myshopify.com', token, create, variables);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data?.webhookSubscriptionCreate).toEqual({
      webhookSubscription: {
        id: expect.stringMatching(/^gid:\/\/shopify\/WebhookSubscription\/\d+$/),
        topic: 'APP_UNINSTALLED',
        endpoint: {
          __typename: 'WebhookHttpEndpoint',
          callbackUrl: 'http://127.0.0.1:3999/api/webhooks',
        },
      },
      userErrors: [],
    });
    const again = await graphql<{
      webhookSubscriptionCreate: { userErrors: { message: string }[] };
    }>(app, 'demo.myshopify.com', token, create, variables);
    expect(again.body.data?.webhookSubscriptionCreate.userErrors[0]?.message).toBe(
      'Address for this topic has already been taken',
    );
    const list = await graphql<{
      webhookSubscriptions: { nodes: { id: string; topic: string }[] };
    }>(
      app,
      'demo.myshopify.com',
      token,
      '{ webhookSubscriptions(first: 10) { nodes { id topic endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } } } }',
    );
    expect(list.body.data?.webhookSubscriptions.nodes).toHaveLength(1);
    const id = first.body.data?.webhookSubscriptionCreate.webhookSubscription?.id;
    const deleted = await graphql(
      app,
      'demo.myshopify.com',
      token,
      'mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }',
      { id },
    );
    expect(deleted.body.data).toEqual({
      webhookSubscriptionDelete: { deletedWebhookSubscriptionId: id, userErrors: [] },
    });
  });

  it('reports syntax and validation errors in the errors list', async () => {
    const syntax = await graphql(app, 'demo.myshopify.com', token, '{ shop { id ');
    expect(syntax.status).toBe(200);
    expect(syntax.body.errors).toHaveLength(1);
    const unknownField = await graphql(app, 'demo.myshopify.com', token, '{ shop { notAField } }');
    expect(unknownField.body.errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining('notAField') }),
    ]);
  });
});
