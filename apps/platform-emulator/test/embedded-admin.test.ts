// The admin with the app embedded: the listing's Install (a managed installation with the
// declared scopes), the admin page framing the app's URL with Shopify's signed query and a
// session token, the App Bridge stand-in, and the token exchange of a session token.
import type { FastifyInstance } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG_FILE } from '../src/app-config.js';
import { queryHmac } from '../src/oauth/query-hmac.js';
import { API_KEY, API_SECRET, APP_URL, PUBLIC_URL, startEmulator } from './helpers.js';

const SHOP = 'framed.myshopify.com';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const OFFLINE = 'urn:shopify:params:oauth:token-type:offline-access-token';
const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startEmulator({ appConfigFile: DEFAULT_APP_CONFIG_FILE });
});
afterEach(() => app.close());

async function installFromListing(shop = SHOP): Promise<string> {
  const listing = await app.inject({ url: `/shops/${shop}/admin/app-store/gatehouse` });
  expect(listing.statusCode).toBe(200);
  expect(listing.body).toContain('>Install</button>');
  const install = await app.inject({
    method: 'POST',
    url: `/shops/${shop}/admin/app-store/gatehouse`,
  });
  expect(install.statusCode).toBe(303);
  return String(install.headers.location);
}

function exchange(shop: string, subjectToken: string, overrides: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/shops/${shop}/admin/oauth/access_token`,
    payload: {
      client_id: API_KEY,
      client_secret: API_SECRET,
      grant_type: EXCHANGE,
      subject_token: subjectToken,
      subject_token_type: ID_TOKEN,
      requested_token_type: OFFLINE,
      expiring: '1',
      ...overrides,
    },
  });
}

async function framedQuery(shop = SHOP): Promise<URL> {
  const page = await app.inject({ url: `/shops/${shop}/admin/apps/gatehouse/dashboard` });
  expect(page.statusCode).toBe(200);
  const src = /<iframe id="app-frame"[^>]* src="([^"]+)"/.exec(page.body)?.[1];
  return new URL(src!.replace(/&amp;/g, '&'));
}

describe('embedded admin', () => {
  it('installs from the listing with the declared scopes and goes straight into the framed app', async () => {
    const location = await installFromListing();
    expect(location).toBe(`${PUBLIC_URL}/shops/${SHOP}/admin/apps/gatehouse`);
    const state = await app.inject({ url: `/_emulator/shops/${SHOP}` });
    expect(state.json().installation.scopes).toEqual([
      'read_orders',
      'write_orders',
      'read_themes',
      'read_customers',
      'write_validations',
    ]);
    const url = await framedQuery();
    expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/dashboard`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ embedded: '1', shop: SHOP, locale: 'en' });
    expect(Buffer.from(params.host!, 'base64url').toString()).toBe(
      `${new URL(PUBLIC_URL).host}/shops/${SHOP}/admin`,
    );
    expect(params.hmac).toBe(queryHmac(API_SECRET, params));
    const { payload } = await jwtVerify(params.id_token!, new TextEncoder().encode(API_SECRET), {
      audience: API_KEY,
    });
    expect(payload).toMatchObject({
      iss: `https://${SHOP}/admin`,
      dest: `https://${SHOP}`,
      sub: '1',
    });
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(payload.nbf).toBe(payload.iat);
  });

  it('sends a merchant without the app to the listing', async () => {
    await app.inject({ url: `/shops/${SHOP}/admin/app-store/gatehouse` });
    const page = await app.inject({ url: `/shops/${SHOP}/admin/apps/gatehouse` });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`${PUBLIC_URL}/shops/${SHOP}/admin/app-store/gatehouse`);
  });

  it("exchanges a good session token for the shop's expiring offline pair, and refuses others", async () => {
    await installFromListing();
    await installFromListing('other.myshopify.com');
    const token = (await framedQuery()).searchParams.get('id_token')!;
    const good = await exchange(SHOP, token);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ expires_in: 3600, refresh_token: expect.any(String) });

    const key = (secret: string) => new TextEncoder().encode(secret);
    const now = Math.floor(Date.now() / 1000);
    const forged = (claims: Record<string, unknown>, secret = API_SECRET, iat = now) =>
      new SignJWT({
        iss: `https://${SHOP}/admin`,
        dest: `https://${SHOP}`,
        aud: API_KEY,
        sub: '1',
        ...claims,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(iat + 60)
        .sign(key(secret));
    for (const bad of [
      await forged({}, 'wrong-secret'),
      await forged({ aud: 'another-app' }),
      await forged({
        dest: 'https://other.myshopify.com',
        iss: 'https://other.myshopify.com/admin',
      }),
      await forged({}, API_SECRET, now - 600),
      'not-a-jwt',
    ]) {
      const refused = await exchange(SHOP, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('invalid_subject_token');
    }
    const online = await exchange(SHOP, token, {
      requested_token_type: 'urn:shopify:params:oauth:token-type:online-access-token',
    });
    expect(online.statusCode).toBe(400);
    const notInstalled = await exchange(
      'nowhere.myshopify.com',
      await forged({
        dest: 'https://nowhere.myshopify.com',
        iss: 'https://nowhere.myshopify.com/admin',
      }),
    );
    expect(notInstalled.statusCode).toBe(400);
  });

  it('serves the App Bridge stand-in and fresh session tokens to the admin page', async () => {
    const script = await app.inject({ url: '/app-bridge.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('idToken');
    await installFromListing();
    const minted = await app.inject({
      method: 'POST',
      url: `/shops/${SHOP}/admin/apps/gatehouse/id-token`,
    });
    expect(minted.statusCode).toBe(200);
    expect((await exchange(SHOP, minted.json().token)).statusCode).toBe(200);
  });
});
