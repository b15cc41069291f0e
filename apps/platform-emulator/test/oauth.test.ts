import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryHmac } from '../src/oauth/query-hmac.js';
import {
  API_KEY,
  API_SECRET,
  REDIRECT_URI,
  approve,
  authorizeParams,
  authorizePath,
  exchangeCode,
  install,
  startEmulator,
} from './helpers.js';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startEmulator();
});
afterEach(() => app.close());

describe('OAuth authorize', () => {
  it('shows a consent page naming the app, the shop and the scopes with Install and Cancel', async () => {
    const response = await app.inject(authorizePath('demo.myshopify.com'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Install Gatehouse');
    expect(response.body).toContain('Demo Store');
    expect(response.body).toContain('demo.myshopify.com');
    expect(response.body).toContain(
      'View orders, transactions, fulfillments and abandoned checkouts',
    );
    expect(response.body).toContain('View themes, theme files and app embeds');
    expect(response.body).toMatch(/<button[^>]*value="install"[^>]*>Install<\/button>/);
    expect(response.body).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
  });

  it('redirects an approval to the app with a code signed with the app secret over the sorted query (the platform HMAC)', async () => {
    const before = Math.floor(Date.now() / 1000);
    const callback = await approve(app, 'demo.myshopify.com');
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    const params = Object.fromEntries(callback.searchParams);
    expect(Object.keys(params).sort()).toEqual([
      'code',
      'hmac',
      'host',
      'shop',
      'state',
      'timestamp',
    ]);
    expect(params.shop).toBe('demo.myshopify.com');
    expect(params.state).toBe('f'.repeat(64));
    expect(Buffer.from(params.host ?? '', 'base64').toString()).toBe('demo.myshopify.com/admin');
    expect(Number(params.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(params.timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(params.hmac).toBe(queryHmac(API_SECRET, params));
    expect(params.hmac).not.toBe(queryHmac('another-secret', params));
  });

  it('creates a shop on the fly for a new handle, named after it', async () => {
    const response = await app.inject(authorizePath('acme-outdoor.myshopify.com'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Acme Outdoor');
    const state = await app.inject('/_emulator/shops/acme-outdoor.myshopify.com');
    expect(state.json()).toMatchObject({
      shop: { name: 'Acme Outdoor', email: 'owner@acme-outdoor.example' },
      installation: null,
    });
  });

  it('skips the consent page when the app already has every requested scope', async () => {
    await install(app, 'demo.myshopify.com');
    const response = await app.inject(authorizePath('demo.myshopify.com'));
    expect(response.statusCode).toBe(302);
    const callback = new URL(String(response.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    const params = Object.fromEntries(callback.searchParams);
    expect(params.hmac).toBe(queryHmac(API_SECRET, params));
  });

  it('asks again when the app requests a scope it does not have yet', async () => {
    await install(app, 'demo.myshopify.com', 'read_orders');
    const response = await app.inject(authorizePath('demo.myshopify.com'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Install Gatehouse');
  });

  it('sends Cancel back to the store admin without a code', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/shops/demo.myshopify.com/admin/oauth/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...authorizeParams(), decision: 'cancel' }).toString(),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('http://127.0.0.1:4999/shops/demo.myshopify.com/admin');
  });

  it('refuses an unknown client_id, a foreign redirect_uri and a malformed scope', async () => {
    const badClient = await app.inject(
      authorizePath('demo.myshopify.com', authorizeParams({ client_id: 'nope' })),
    );
    expect(badClient.statusCode).toBe(400);
    expect(badClient.body).toContain('Oauth error invalid_request: The client_id is invalid');
    const badRedirect = await app.inject(
      authorizePath(
        'demo.myshopify.com',
        authorizeParams({ redirect_uri: 'https://evil.example/cb' }),
      ),
    );
    expect(badRedirect.statusCode).toBe(400);
    expect(badRedirect.body).toContain(
      'Oauth error invalid_request: The redirect_uri is not whitelisted',
    );
    const badScope = await app.inject(
      authorizePath('demo.myshopify.com', authorizeParams({ scope: 'read_orders,everything' })),
    );
    expect(badScope.statusCode).toBe(400);
    expect(badScope.body).toContain('invalid_scope');
  });

  it('answers 404 for a domain that is not <handle>.myshopify.com', async () => {
    for (const shop of ['evil.example.com', 'Demo.myshopify.com', '-x.myshopify.com']) {
      const response = await app.inject(authorizePath(shop));
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('Not Found');
    }
  });
});

describe('OAuth access token', () => {
  it('exchanges a code once for an offline token with the granted scopes', async () => {
    const callback = await approve(app, 'demo.myshopify.com');
    const code = callback.searchParams.get('code') ?? '';
    const first = await exchangeCode(app, 'demo.myshopify.com', code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      access_token: expect.stringMatching(/^shpat_[0-9a-f]{32}$/),
      scope: 'read_orders,write_orders,read_themes',
    });
    const second = await exchangeCode(app, 'demo.myshopify.com', code);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The authorization code was not found or was already used',
    });
  });

  it('refuses wrong client credentials with invalid_client and keeps the code usable', async () => {
    const callback = await approve(app, 'demo.myshopify.com');
    const code = callback.searchParams.get('code') ?? '';
    const wrong = await exchangeCode(app, 'demo.myshopify.com', code, {
      client_id: API_KEY,
      client_secret: 'wrong',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client credentials are invalid',
    });
    expect((await exchangeCode(app, 'demo.myshopify.com', code)).statusCode).toBe(200);
  });

  it("refuses another shop's code and an unknown code", async () => {
    const callback = await approve(app, 'demo.myshopify.com');
    const code = callback.searchParams.get('code') ?? '';
    const other = await exchangeCode(app, 'other-shop.myshopify.com', code);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: 'invalid_request' });
    const unknown = await exchangeCode(app, 'demo.myshopify.com', 'not-a-code');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a code older than ten minutes', async () => {
    const callback = await approve(app, 'demo.myshopify.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
      const late = await exchangeCode(
        app,
        'demo.myshopify.com',
        callback.searchParams.get('code') ?? '',
      );
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ error: 'invalid_request' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts a form-encoded exchange too', async () => {
    const callback = await approve(app, 'demo.myshopify.com');
    const response = await app.inject({
      method: 'POST',
      url: '/shops/demo.myshopify.com/admin/oauth/access_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: API_KEY,
        client_secret: API_SECRET,
        code: callback.searchParams.get('code') ?? '',
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('replaces the old token when the app is authorised again', async () => {
    const first = await install(app, 'demo.myshopify.com');
    const second = await install(app, 'demo.myshopify.com');
    expect(second).not.toBe(first);
    const state = await app.inject('/_emulator/shops/demo.myshopify.com');
    expect(state.json()).toMatchObject({ installation: { accessToken: second } });
  });
});
