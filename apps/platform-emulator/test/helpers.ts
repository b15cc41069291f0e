// Shared test helpers: an in-memory emulator, and the OAuth flow an app goes through to get
// an access token.
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildEmulator, type EmulatorOptions } from '../src/app.js';

export const API_KEY = 'test-api-key';
export const API_SECRET = 'test-api-secret';
export const APP_URL = 'http://127.0.0.1:3999';
export const PUBLIC_URL = 'http://127.0.0.1:4999';
export const REDIRECT_URI = `${APP_URL}/api/auth/callback`;
export const SCOPES = 'read_orders,write_orders,read_themes';

/** Declares the privacy topics only; app-webhooks.test.ts runs with the repository's own. */
export const COMPLIANCE_ONLY_CONFIG = fileURLToPath(
  new URL('./fixtures/compliance-only.app.toml', import.meta.url),
);

export function startEmulator(overrides: Partial<EmulatorOptions> = {}): Promise<FastifyInstance> {
  return buildEmulator({
    publicUrl: PUBLIC_URL,
    appUrl: APP_URL,
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    stateFile: null,
    appConfigFile: COMPLIANCE_ONLY_CONFIG,
    ...overrides,
  });
}

export function authorizeParams(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: API_KEY,
    scope: SCOPES,
    redirect_uri: REDIRECT_URI,
    state: 'f'.repeat(64),
    'grant_options[]': '',
    ...overrides,
  };
}

export function authorizePath(shop: string, params = authorizeParams()): string {
  return `/shops/${shop}/admin/oauth/authorize?${new URLSearchParams(params).toString()}`;
}

/** Clicks Install on the consent page; returns the callback URL the browser is sent to. */
export async function approve(
  app: FastifyInstance,
  shop: string,
  params = authorizeParams(),
): Promise<URL> {
  const response = await app.inject({
    method: 'POST',
    url: `/shops/${shop}/admin/oauth/authorize`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...params, decision: 'install' }).toString(),
  });
  if (response.statusCode !== 302)
    throw new Error(`approve: ${response.statusCode} ${response.body}`);
  return new URL(String(response.headers.location));
}

export function exchangeCode(
  app: FastifyInstance,
  shop: string,
  code: string,
  credentials = { client_id: API_KEY, client_secret: API_SECRET },
) {
  return app.inject({
    method: 'POST',
    url: `/shops/${shop}/admin/oauth/access_token`,
    payload: { ...credentials, code },
  });
}

/** The whole install: approve, exchange the code, return the offline access token. */
export async function install(app: FastifyInstance, shop: string, scope = SCOPES): Promise<string> {
  const callback = await approve(app, shop, authorizeParams({ scope }));
  const response = await exchangeCode(app, shop, callback.searchParams.get('code') ?? '');
  if (response.statusCode !== 200) throw new Error(`exchange: ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}

export async function graphql<T = Record<string, unknown>>(
  app: FastifyInstance,
  shop: string,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
  version = '2026-10',
): Promise<{ status: number; body: { data?: T; errors?: unknown; extensions?: unknown } }> {
  const response = await app.inject({
    method: 'POST',
    url: `/shops/${shop}/admin/api/${version}/graphql.json`,
    headers: token === null ? {} : { 'x-shopify-access-token': token },
    payload: { query, variables },
  });
  return { status: response.statusCode, body: response.json() };
}

/** Subscribes the app to each topic at callbackUrl, as it does through the Admin API. */
export async function subscribe(
  app: FastifyInstance,
  token: string,
  topics: string[],
  callbackUrl: string,
  shop = 'demo.myshopify.com',
) {
  for (const topic of topics) {
    const result = await graphql<{ webhookSubscriptionCreate: { userErrors: unknown[] } }>(
      app,
      shop,
      token,
      'mutation($topic: WebhookSubscriptionTopic!, $url: URL!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: {callbackUrl: $url, format: JSON}) { userErrors { message } } }',
      { topic, url: callbackUrl },
    );
    expect(result.body.data?.webhookSubscriptionCreate.userErrors).toEqual([]);
  }
}

export const SETTINGS_DATA_QUERY = /* GraphQL */ `
  query {
    themes(first: 1, roles: [MAIN]) {
      nodes {
        id
        files(filenames: ["config/settings_data.json"]) {
          nodes {
            filename
            body {
              __typename
              ... on OnlineStoreThemeFileBodyText {
                content
              }
            }
          }
        }
      }
    }
  }
`;

interface SettingsDataResult {
  themes: {
    nodes: { files: { nodes: { body: { content: string } }[] } }[];
  };
}

/** The published theme's settings_data.json, read the way an app reads it. */
export async function readSettingsData(
  app: FastifyInstance,
  shop: string,
  token: string,
): Promise<string> {
  const result = await graphql<SettingsDataResult>(app, shop, token, SETTINGS_DATA_QUERY);
  const content = result.body.data?.themes.nodes[0]?.files.nodes[0]?.body.content;
  if (content === undefined) throw new Error(`no settings_data: ${JSON.stringify(result.body)}`);
  return content;
}

export function embedEntries(
  settingsData: string,
): Record<string, { type: string; disabled?: boolean }> {
  const json = JSON.parse(settingsData.replace(/^\s*\/\*[\s\S]*?\*\/\s*/, '')) as {
    current: { blocks?: Record<string, { type: string; disabled?: boolean }> };
  };
  return json.current.blocks ?? {};
}
