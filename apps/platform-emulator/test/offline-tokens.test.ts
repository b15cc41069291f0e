// Offline tokens as the platform issues them: an expiring pair asked for with expiring=1, the
// rotating refresh grant, the token-exchange migration of a non-expiring token with its
// seven-day recovery, and the cutoff after which non-expiring tokens are refused.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopStateView } from '../src/control/control-types.js';
import {
  API_KEY,
  API_SECRET,
  approve,
  exchangeCode,
  graphql,
  install,
  startEmulator,
} from './helpers.js';

const SHOP = 'demo.myshopify.com';
const OFFLINE = 'urn:shopify:params:oauth:token-type:offline-access-token';
const SHOP_QUERY = '{ shop { name } }';

interface Pair {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

let app: FastifyInstance;
beforeEach(async () => {
  app = await startEmulator();
});
afterEach(() => app.close());

async function installExpiring(): Promise<Pair> {
  const callback = await approve(app, SHOP);
  const response = await app.inject({
    method: 'POST',
    url: `/shops/${SHOP}/admin/oauth/access_token`,
    payload: {
      client_id: API_KEY,
      client_secret: API_SECRET,
      code: callback.searchParams.get('code'),
      expiring: '1',
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Pair>();
}

function tokenEndpoint(payload: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/shops/${SHOP}/admin/oauth/access_token`,
    payload: { client_id: API_KEY, client_secret: API_SECRET, ...payload },
  });
}

const refresh = (refreshToken: string) =>
  tokenEndpoint({ grant_type: 'refresh_token', refresh_token: refreshToken });
const migrate = (token: string) =>
  tokenEndpoint({
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: token,
    subject_token_type: OFFLINE,
    requested_token_type: OFFLINE,
    expiring: '1',
  });

const accepted = async (token: string) => (await graphql(app, SHOP, token, SHOP_QUERY)).status;
const setClock = (now: string | null) =>
  app.inject({ method: 'POST', url: '/_emulator/clock', payload: { now } });
const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const grants = async () =>
  (await app.inject(`/_emulator/shops/${SHOP}`)).json<ShopStateView>().installation?.grants;

describe('expiring offline tokens', () => {
  it('answers expiring=1 with an hour-long access token and a 90-day refresh token', async () => {
    const pair = await installExpiring();
    expect(pair).toMatchObject({ expires_in: 3600, scope: expect.any(String) });
    expect(pair.refresh_token).toMatch(/^shprt_/);
    expect(pair.refresh_token_expires_in).toBe(90 * 24 * 3600);
    expect(await accepted(pair.access_token)).toBe(200);
    await setClock(later(HOUR + 60_000));
    expect(await accepted(pair.access_token)).toBe(401);
  });

  it('still issues a non-expiring token without expiring=1', async () => {
    const callback = await approve(app, SHOP);
    const response = await exchangeCode(app, SHOP, callback.searchParams.get('code') ?? '');
    expect(Object.keys(response.json<Pair>()).sort()).toEqual(['access_token', 'scope']);
  });

  it('rotates the pair on refresh: the old access token is refused, the old refresh token answers its pair until the new one is used', async () => {
    const first = await installExpiring();
    await setClock(later(2 * HOUR));
    const second = (await refresh(first.refresh_token!)).json<Pair>();
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.expires_in).toBe(3600);
    expect(await accepted(first.access_token)).toBe(401);
    expect(await accepted(second.access_token)).toBe(200);

    // The answer was lost: the used refresh token gives the same pair again.
    const again = (await refresh(first.refresh_token!)).json<Pair>();
    expect(again.access_token).toBe(second.access_token);
    expect(again.refresh_token).toBe(second.refresh_token);

    const third = (await refresh(second.refresh_token!)).json<Pair>();
    expect(third.access_token).not.toBe(second.access_token);
    const stale = await refresh(first.refresh_token!);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await grants()).toMatchObject({ authorizationCode: 1, refresh: 3, migration: 0 });
  });

  it('refuses an expired refresh token', async () => {
    const pair = await installExpiring();
    await setClock(later(91 * DAY));
    expect((await refresh(pair.refresh_token!)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses every token of a revoked grant', async () => {
    const pair = await installExpiring();
    await app.inject({ method: 'POST', url: `/_emulator/shops/${SHOP}/revoke-tokens` });
    expect(await accepted(pair.access_token)).toBe(401);
    expect((await refresh(pair.refresh_token!)).statusCode).toBe(400);
  });
});

describe('migrating a non-expiring token', () => {
  it('exchanges it for an expiring pair, after which the old token is refused', async () => {
    const legacy = await install(app, SHOP);
    const pair = (await migrate(legacy)).json<Pair>();
    expect(pair.expires_in).toBe(3600);
    expect(pair.refresh_token).toMatch(/^shprt_/);
    expect(await accepted(legacy)).toBe(401);
    expect(await accepted(pair.access_token)).toBe(200);
    expect(await grants()).toMatchObject({ migration: 1 });
  });

  it('answers a repeat within seven days with the same pair, its access token extended', async () => {
    const legacy = await install(app, SHOP);
    const pair = (await migrate(legacy)).json<Pair>();
    await setClock(later(6 * DAY));
    const again = (await migrate(legacy)).json<Pair>();
    expect(again.access_token).toBe(pair.access_token);
    expect(again.refresh_token).toBe(pair.refresh_token);
    expect(again.expires_in).toBe(3600);
    expect(again.refresh_token_expires_in).toBeLessThan(pair.refresh_token_expires_in!);
    await setClock(later(8 * DAY));
    expect((await migrate(legacy)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('ends the recovery once the pair is refreshed', async () => {
    const legacy = await install(app, SHOP);
    const pair = (await migrate(legacy)).json<Pair>();
    expect((await refresh(pair.refresh_token!)).statusCode).toBe(200);
    expect((await migrate(legacy)).statusCode).toBe(400);
  });
});

describe('the cutoff for non-expiring tokens', () => {
  it('refuses a non-expiring token from January 1, 2027, and its migration, but not an expiring pair', async () => {
    const legacy = await install(app, 'second.myshopify.com');
    const pair = await installExpiring();
    expect((await graphql(app, 'second.myshopify.com', legacy, SHOP_QUERY)).status).toBe(200);
    const clock = await setClock('2027-01-02T00:00:00Z');
    expect(clock.json()).toMatchObject({ nonExpiringTokenCutoff: '2027-01-01T00:00:00.000Z' });
    const refused = await graphql(app, 'second.myshopify.com', legacy, SHOP_QUERY);
    expect(refused.status).toBe(401);
    expect(refused.body.errors).toMatch(/Invalid API key or access token/);
    const renewed = (await refresh(pair.refresh_token!)).json<Pair>();
    expect(await accepted(renewed.access_token)).toBe(200);
    const migration = await app.inject({
      method: 'POST',
      url: '/shops/second.myshopify.com/admin/oauth/access_token',
      payload: {
        client_id: API_KEY,
        client_secret: API_SECRET,
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: legacy,
        subject_token_type: OFFLINE,
        requested_token_type: OFFLINE,
        expiring: '1',
      },
    });
    expect(migration.statusCode).toBe(400);
  });

  it('takes another cutoff through the control API, or none', async () => {
    const legacy = await install(app, SHOP);
    await app.inject({
      method: 'POST',
      url: '/_emulator/token-cutoff',
      payload: { cutoff: later(-1000) },
    });
    expect(await accepted(legacy)).toBe(401);
    await app.inject({ method: 'POST', url: '/_emulator/token-cutoff', payload: { cutoff: null } });
    await setClock('2030-01-01T00:00:00Z');
    expect(await accepted(legacy)).toBe(200);
    const bad = await app.inject({
      method: 'POST',
      url: '/_emulator/token-cutoff',
      payload: { cutoff: 'soon' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
