// Sign-in through the real OAuth flow against the emulator, and one-time login links.
import { loginDomainMessages } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../src/core/db/schema.js';
import { callbackFailures } from '../src/features/auth/oauth-callback.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { queryHmac } from './helpers/query-hmac.js';
import { gql } from '../src/core/platform/gql.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('spfLogin', () => {
  it.each([
    ['', loginDomainMessages.required],
    ['   ', loginDomainMessages.required],
    ['abc def', loginDomainMessages.invalid],
    ['-bad-', loginDomainMessages.invalid],
    ['shop.example.com', loginDomainMessages.invalid],
  ])('refuses %j with the form message', async (domain, message) => {
    const res = await t.call('spfLogin', null, { domain });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
  });

  it('refuses a missing domain', async () => {
    const res = await t.call('spfLogin', null, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: loginDomainMessages.required });
  });

  it('answers the platform authorize URL for a normalised shop', async () => {
    const res = await t.call('spfLogin', null, { domain: ' Acme-Outdoor ' });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json<string>());
    expect(`${url.origin}${url.pathname}`).toBe(
      `${t.emulatorUrl}/shops/acme-outdoor.myshopify.com/admin/oauth/authorize`,
    );
    expect(url.searchParams.get('client_id')).toBe(t.config.shopify.apiKey);
    expect(url.searchParams.get('scope')).toBe(
      'read_orders,write_orders,read_themes,read_customers,write_validations',
    );
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.config.appUrl}/api/auth/callback`);
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.has('grant_options[]')).toBe(true);
  });
});

describe('OAuth callback', () => {
  async function stateFor(shop: string) {
    const res = await t.call('spfLogin', null, { domain: shop });
    return new URL(res.json<string>()).searchParams.get('state')!;
  }
  function signed(params: Record<string, string>, secret = t.config.shopify.apiSecret) {
    return new URLSearchParams({ ...params, hmac: queryHmac(secret, params) }).toString();
  }
  const now = () => String(Math.floor(Date.now() / 1000));

  it('refuses a bad HMAC with a readable page and no redirect', async () => {
    const state = await stateFor('hmac-shop');
    const query = signed(
      { code: 'abc', shop: 'hmac-shop.myshopify.com', state, timestamp: now() },
      'wrong-secret',
    );
    const res = await t.app.inject({ url: `/api/auth/callback?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(callbackFailures.unverified);
    expect(res.body).toContain('/login');
  });

  it('refuses a stale timestamp', async () => {
    const state = await stateFor('stale-shop');
    const stale = String(Math.floor(Date.now() / 1000) - 600);
    const query = signed({
      code: 'abc',
      shop: 'stale-shop.myshopify.com',
      state,
      timestamp: stale,
    });
    const res = await t.app.inject({ url: `/api/auth/callback?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(callbackFailures.unverified);
  });

  it('refuses an unknown state, or a state issued for another shop', async () => {
    const unknown = signed({
      code: 'abc',
      shop: 'x-shop.myshopify.com',
      state: 'f'.repeat(64),
      timestamp: now(),
    });
    const res = await t.app.inject({ url: `/api/auth/callback?${unknown}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(callbackFailures.state);

    const state = await stateFor('one-shop');
    const other = signed({ code: 'abc', shop: 'two-shop.myshopify.com', state, timestamp: now() });
    const res2 = await t.app.inject({ url: `/api/auth/callback?${other}` });
    expect(res2.statusCode).toBe(400);
    expect(res2.body).toContain(callbackFailures.state);
  });

  it('refuses a callback replayed with a used state', async () => {
    const first = await t.authorize('replay-shop');
    expect(first.response.statusCode).toBe(302);
    // The same signed callback URL again (the platform's HMAC is still valid).
    const replay = await t.app.inject({ url: first.callbackPath });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain(callbackFailures.state);
  });

  it('refuses a callback with missing parameters', async () => {
    const res = await t.app.inject({ url: '/api/auth/callback?shop=a.myshopify.com' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(callbackFailures.unverified);
  });
});

describe('full sign-in', () => {
  it('installs a new shop, stores its token encrypted, and answers isNew true', async () => {
    const { response: callback } = await t.authorize('fresh-shop');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(
      new RegExp(`^${t.config.appUrl}/loginComplete/[A-Za-z0-9_-]{43}$`),
    );
    const [row] = await t.app.db
      .select()
      .from(shops)
      .where(eq(shops.domain, 'fresh-shop.myshopify.com'));
    expect(row?.isNew).toBe(true);
    expect(row?.name).toBe('Fresh Shop');
    expect(row?.shopifyShopId).toMatch(/^\d+$/);
    expect(row?.grantedScopes).toBe(
      'read_orders,write_orders,read_themes,read_customers,write_validations',
    );
    expect(row?.accessTokenCiphertext).toBeTruthy();
    expect(row?.accessTokenCiphertext).not.toContain('shpat_');
    const token = t.app.tokens.accessTokenOf(row!);
    expect(token).toMatch(/^shpat_/);

    const id = String(callback.headers.location).split('/').pop()!;
    const auth = await t.call('authDomain', null, { id });
    expect(auth.statusCode).toBe(200);
    expect(auth.json()).toEqual({ token: expect.any(String), isNew: true });

    const webhooks = await t.app.platform.graphql<{
      webhookSubscriptions: { nodes: { topic: string }[] };
    }>(
      'fresh-shop.myshopify.com',
      token!,
      gql`
        {
          webhookSubscriptions(first: 10) {
            nodes {
              topic
            }
          }
        }
      `,
    );
    // The webhooks are the app's configuration's: none is made for the shop.
    expect(webhooks.webhookSubscriptions.nodes).toEqual([]);
  });

  it('signs an existing shop in again with isNew false once it has subscribed', async () => {
    const first = await t.signIn('returning-shop');
    expect(first.isNew).toBe(true);
    const set = await t.support('POST', '/api/support/set', {
      shop: 'returning-shop',
      values: { isNew: false },
    });
    expect(set.statusCode).toBe(200);
    const again = await t.signIn('returning-shop');
    expect(again.isNew).toBe(false);
    expect(again.token).not.toBe(first.token);
    const rows = await t.app.db
      .select()
      .from(shops)
      .where(eq(shops.domain, 'returning-shop.myshopify.com'));
    expect(rows).toHaveLength(1);
  });

  it('spends a login link once', async () => {
    const { response: callback } = await t.authorize('once-shop');
    const id = String(callback.headers.location).split('/').pop()!;
    expect((await t.call('authDomain', null, { id })).statusCode).toBe(200);
    const again = await t.call('authDomain', null, { id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      Message: 'This sign-in link has expired. Please sign in again.',
    });
    const forged = await t.call('authDomain', null, { id: 'forged-token' });
    expect(forged.json()).toMatchObject({
      Message: 'This sign-in link has expired. Please sign in again.',
    });
    const empty = await t.call('authDomain', null, { id: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ Message: 'The sign-in link is missing its token.' });
  });
});
