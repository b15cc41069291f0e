// One file past the usual size on purpose: every case shares one app and one signed-in shop
// with the geo data loaded, built once for the file.
// The decision endpoint's HTTP behaviour: CORS, rate limit, trusted proxies, policy rebuilds,
// answering with the database gone, visits and counters written by the flush, Admin Access,
// and the app metafield set at install.
import type { DecideResponse } from '@gatehouse/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { visits, ipRules } from '../../src/protection/protection-schema.js';
import { auditLog, shops } from '../../src/core/db/schema.js';
import { useSignedInShops } from '../helpers/signed-in-shops.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { gql } from '../../src/core/platform/gql.js';

const US = '8.8.8.8';
const DE = '88.198.0.1';

let t: TestApp;
let alice: SignedIn;

const decide = (app: TestApp, shop: string, ip?: string, extra: Record<string, string> = {}) =>
  app.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: ip ? { 'x-forwarded-for': ip, 'user-agent': 'test-browser/1.0' } : {},
    query: { shop, url: `https://${shop}/products/hat`, ref: 'https://google.com/', ...extra },
  });

const blockCountries = (app: TestApp, token: string, countries: string[]) =>
  app.call('saveCountryBlocker', token, {
    mode: 'blacklist',
    countries,
    action: { type: 'block' },
    monitor: false,
  });

useSignedInShops({ alice: 'alice-decide' }, (s) => ({ t, alice } = s), { geo: true });

describe('the storefront calls', () => {
  it('answer any origin without credentials, preflight included', async () => {
    const res = await decide(t, alice.shop, US);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    // No page security headers on the storefront's JSON: a same-origin resource policy would
    // stop the store's origin reading the answer.
    expect(res.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/storefront/adminAccess',
      headers: {
        origin: 'https://alice-decide.myshopify.com',
        'access-control-request-method': 'POST',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
  });

  it('allow unknown shops and refuse bad input with a Message', async () => {
    expect((await decide(t, 'nobody-here.myshopify.com', US)).json()).toEqual({ action: 'allow' });
    const bad = await decide(t, 'not a shop', US);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Message: 'The shop is not a valid myshopify.com domain.' });
    expect(bad.headers['access-control-allow-origin']).toBe('*');
    const tooLong = await decide(t, alice.shop, US, { url: 'x'.repeat(2049) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ Message: 'The page URL is too long.' });
    const controls: Record<string, string>[] = [
      { url: 'https://a/\u0000' },
      { ref: 'https://b/\u001b' },
    ];
    for (const extra of controls) {
      const control = await decide(t, alice.shop, US, extra);
      expect(control.statusCode).toBe(400);
      expect(control.json().Message).toMatch(/invisible control character/);
    }
    const noShop = await t.app.inject({ method: 'GET', url: '/api/storefront/decide?url=x' });
    expect(noShop.statusCode).toBe(400);
    expect(noShop.json()).toMatchObject({ Message: 'The shop is missing.' });
  });

  it('give visitors of one IP the same valid token without a new one per page view', async () => {
    const first = (await decide(t, alice.shop, US)).json<DecideResponse>();
    const second = (await decide(t, alice.shop, US)).json<DecideResponse>();
    expect(second.token).toBe(first.token);
    const version = t.app.protection.policies.peek(alice.shop)!.version;
    const remaining = t.app.protection.tokens.allowRemaining(first.token, alice.shop, US, version);
    expect(remaining).toBeGreaterThan(0);
    const other = (await decide(t, alice.shop, '8.8.4.4')).json<DecideResponse>();
    expect(other.token).not.toBe(first.token);
  });

  it('hand back a still-fresh allow token and refuse one from another IP', async () => {
    const first = (await decide(t, alice.shop, US)).json<DecideResponse>();
    expect(first.action).toBe('allow');
    const again = (await decide(t, alice.shop, US, { t: first.token! })).json<DecideResponse>();
    expect(again.token).toBe(first.token);
    const elsewhere = (await decide(t, alice.shop, DE, { t: first.token! })).json<DecideResponse>();
    expect(elsewhere.token).not.toBe(first.token);
  });
});

describe('policy', () => {
  it('is rebuilt as soon as the rules change', async () => {
    expect((await decide(t, alice.shop, DE)).json().action).toBe('allow');
    await blockCountries(t, alice.token, ['DE']);
    const blocked = (await decide(t, alice.shop, DE)).json<DecideResponse>();
    expect(blocked.action).toBe('block');
    expect(blocked.blockPage?.title).toBe('Access denied');
    expect(Object.keys(blocked.blockPage ?? {}).sort()).toEqual([
      'backgroundColor',
      'logoUrl',
      'message',
      'textColor',
      'title',
    ]);
    expect((await decide(t, alice.shop, US)).json().action).toBe('allow');
    await blockCountries(t, alice.token, []);
    expect((await decide(t, alice.shop, DE)).json().action).toBe('allow');
  });

  it("cannot be changed by another shop's session", async () => {
    const bob = await t.signIn('bob-decide');
    await blockCountries(t, bob.token, ['US']);
    expect((await decide(t, alice.shop, US)).json().action).toBe('allow');
    expect((await decide(t, bob.shop, US)).json().action).toBe('block');
  });
});

describe('visits', () => {
  it('are written by the flush with the counters the dashboard shows', async () => {
    await blockCountries(t, alice.token, ['DE']);
    const entry = (
      await t.call('addIpBlocker', alice.token, { ip: '203.0.113.0/24', note: 'bad bots' })
    ).json();
    await decide(t, alice.shop, DE);
    await decide(t, alice.shop, '203.0.113.9');
    await decide(t, alice.shop, '203.0.113.10');
    await t.app.visits.flush();

    const [shop] = await t.app.db.select().from(shops).where(eq(shops.domain, alice.shop));
    const rows = await t.app.db
      .select()
      .from(visits)
      .where(and(eq(visits.shopId, shop!.id), eq(visits.ip, DE)));
    expect(rows.find((r) => r.action === 'block')).toMatchObject({
      country: 'DE',
      // The decision's geo facts, city data included (DB-IP, as of the bundled release).
      region: 'Saxony',
      city: 'Falkenstein',
      asn: 24940,
      org: 'Hetzner Online GmbH',
      action: 'block',
      ruleId: 'country',
      ruleKind: 'country',
      url: `https://${alice.shop}/products/hat`,
      referrer: 'https://google.com/',
      userAgent: 'test-browser/1.0',
    });
    const data = (await t.call('getDashboardData', alice.token, { days: 1 })).json();
    expect(data.regionBlocker).toBeGreaterThanOrEqual(1);
    expect(data.ipBlocker).toBe(2);
    expect(data.usage).toBeGreaterThan(0);
    const [hit] = await t.app.db.select().from(ipRules).where(eq(ipRules.id, entry.id));
    expect(hit).toMatchObject({ hits: 2 });
    expect(hit!.lastHitAt).toBeInstanceOf(Date);
    expect(t.app.visits.metrics).toMatchObject({ dropped: 0, failed: 0, queued: 0 });
    await blockCountries(t, alice.token, []);
  });
});

describe('Admin Access on the storefront', () => {
  it('marks a device that then passes every rule, audited, and unmarks it', async () => {
    const owner = await t.signIn('admin-decide');
    const info = (await t.call('getAccountInfo', owner.token)).json();
    const post = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/storefront/adminAccess',
        headers: { 'user-agent': 'merchant-phone' },
        payload: { shop: owner.shop, ...body },
      });

    const free = await post({ shopId: info.shopId, enabled: true });
    expect(free.statusCode).toBe(403);
    expect((await t.call('armAdminAccess', owner.token, { enabled: true })).statusCode).toBe(403);
    await t.support('POST', '/api/support/set', { shop: owner.shop, values: { plan: 'premium' } });
    expect((await post({ shopId: info.shopId, enabled: true })).json().Message).toMatch(
      /turned off/,
    );
    const settings = (await t.call('getGeneralSettings', owner.token)).json();
    const { maxLogRetentionHours: _max, ...saved } = settings;
    expect(
      (await t.call('saveGeneralSettings', owner.token, { ...saved, adminAccessEnabled: true }))
        .statusCode,
    ).toBe(200);
    expect((await post({ shopId: '12345', enabled: true })).json()).toMatchObject({
      Message: 'This Admin Access link does not belong to this store.',
    });

    // Not armed from the dashboard: a visitor who knows the shop id cannot mark a device.
    expect((await post({ shopId: info.shopId, enabled: true })).json().Message).toMatch(
      /Enable Admin Access/,
    );
    const device = 'merchant-phone-admin-key-0001';
    expect((await t.call('armAdminAccess', owner.token, { enabled: true, device })).json()).toBe(
      true,
    );
    const marked = await post({ shopId: info.shopId, enabled: true });
    expect(marked.statusCode).toBe(200);
    const { deviceToken } = marked.json();
    // One device per arming.
    expect((await post({ shopId: info.shopId, enabled: true })).statusCode).toBe(400);
    expect(marked.json().isAdminAccessMode).toBe(true);
    expect((await t.call('getAdminAccess', owner.token, { device })).json()).toEqual({
      isAdminAccessMode: true,
      enabled: true,
      markedDevices: 1,
      thisDevice: true,
    });

    await blockCountries(t, owner.token, ['US']);
    expect((await decide(t, owner.shop, US)).json().action).toBe('block');
    expect((await decide(t, owner.shop, US, { d: deviceToken })).json()).toMatchObject({
      action: 'allow',
      adminAccess: true,
    });
    expect((await decide(t, owner.shop, US, { d: `${deviceToken}x` })).json().action).toBe('block');
    expect(
      (await decide(t, alice.shop, US, { d: deviceToken })).json().adminAccess,
    ).toBeUndefined();

    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, owner.shop));
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.shopId, row!.id));
    expect(audits.find((a) => a.action === 'adminAccess.deviceMarked')?.detail).toMatchObject({
      ip: '127.0.0.1',
      userAgent: 'merchant-phone',
    });

    const off = await post({ shopId: info.shopId, enabled: false, d: deviceToken });
    expect(off.json()).toEqual({ isAdminAccessMode: false, deviceToken: null });
    expect((await decide(t, owner.shop, US, { d: deviceToken })).json().action).toBe('block');
    expect((await t.call('getAdminAccess', owner.token, { device })).json()).toEqual({
      isAdminAccessMode: false,
      enabled: true,
      markedDevices: 0,
      thisDevice: false,
    });
  });
});

describe('install', () => {
  it("sets the app's api_origin metafield for the storefront block", async () => {
    const query = gql`
      query {
        currentAppInstallation {
          metafield(namespace: "gatehouse", key: "api_origin") {
            value
          }
        }
      }
    `;
    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, alice.shop));
    const token = t.app.tokens.accessTokenOf(row!)!;
    await vi.waitFor(async () => {
      const data = await t.app.platform.graphql<{
        currentAppInstallation: { metafield: { value: string } | null };
      }>(alice.shop, token, query);
      expect(data.currentAppInstallation.metafield?.value).toBe(t.config.appUrl);
    });
  });

  it("publishes the merchant's decision time-out to the storefront block", async () => {
    const settings = (await t.call('getGeneralSettings', alice.token)).json();
    const { maxLogRetentionHours: _max, ...saved } = settings;
    const res = await t.call('saveGeneralSettings', alice.token, { ...saved, timeoutMs: 4200 });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, alice.shop));
    const token = t.app.tokens.accessTokenOf(row!)!;
    const data = await t.app.platform.graphql<{
      currentAppInstallation: { metafield: { value: string } | null };
    }>(
      alice.shop,
      token,
      gql`
        query {
          currentAppInstallation {
            metafield(namespace: "gatehouse", key: "timeout_ms") {
              value
            }
          }
        }
      `,
    );
    expect(data.currentAppInstallation.metafield?.value).toBe('4200');
    // The storefront renders the block with it (once the embed is on).
    await t.emulator.setAppEmbed(alice.shop, true);
    const html = await (await fetch(`${t.emulatorUrl}/shops/${alice.shop}/`)).text();
    const config = /<script id="gatehouse-config" type="application\/json">(.*?)<\/script>/.exec(
      html,
    );
    expect(JSON.parse(config![1]!)).toMatchObject({ shop: alice.shop, timeoutMs: 4200 });
  });
});

describe('with its own app', () => {
  it('rate-limits decisions per visitor IP', async () => {
    const own = await createTestApp({ RATE_LIMIT_DECIDE_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        const allowed = await decide(own, 'x.myshopify.com', US);
        expect(allowed.statusCode).toBe(200);
        // The script reads none of the limiter's counters: they are not sent.
        expect(allowed.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      const limited = await decide(own, 'x.myshopify.com', US);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        Message: 'Too many requests. Please wait a minute and try again.',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['access-control-allow-origin']).toBe('*');
      expect((await decide(own, 'x.myshopify.com', DE)).statusCode).toBe(200);
      // IPv6: one /64 network shares a limit, the next network has its own.
      for (let i = 1; i <= 3; i++)
        expect((await decide(own, 'x.myshopify.com', `2a01:4f8:1:2::${i}`)).statusCode).toBe(200);
      expect((await decide(own, 'x.myshopify.com', '2a01:4f8:1:2::99')).statusCode).toBe(429);
      expect((await decide(own, 'x.myshopify.com', '2a01:4f8:1:3::1')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('ignores X-Forwarded-For from an untrusted address', async () => {
    const own = await createTestApp({ TRUSTED_PROXIES: '' });
    try {
      const shop = await own.signIn('xff-store');
      await blockCountries(own, shop.token, ['US']);
      await own.app.protection.geo.ready;
      // The forged header is ignored: the visitor is 127.0.0.1, of no country.
      expect((await decide(own, shop.shop, US)).json().action).toBe('allow');
      await own.app.visits.flush();
      const rows = await own.app.db.select().from(visits);
      expect(rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
    } finally {
      await own.close();
    }
  });

  it('keeps deciding from the last policy with the database closed, and fails open', async () => {
    const own = await createTestApp();
    let closed = false;
    try {
      const shop = await own.signIn('dbdown-store');
      await blockCountries(own, shop.token, ['US']);
      await own.app.protection.geo.ready;
      expect((await decide(own, shop.shop, US)).json().action).toBe('block');
      await own.app.visits.flush();
      // The install-time metafield is set after the callback answered: wait until the platform
      // holds it, so no install work still needs the database.
      await expect
        .poll(async () => (await own.emulator.shop(shop.shop)).appMetafields.map((m) => m.key))
        .toContain('api_origin');
      const client = (
        own.app.db as unknown as {
          $client: { close?: () => Promise<void>; end?: () => Promise<void> };
        }
      ).$client;
      await (client.close ? client.close() : client.end!());
      closed = true;
      expect((await decide(own, shop.shop, US)).json().action).toBe('block');
      expect((await decide(own, shop.shop, DE)).json().action).toBe('allow');
      // A shop never seen before: no policy, no database: allowed.
      expect((await decide(own, 'never-seen.myshopify.com', US)).json()).toEqual({
        action: 'allow',
      });
      await own.app.visits.flush();
      expect(own.app.visits.metrics.failed).toBeGreaterThan(0);
    } finally {
      await own.app.close().catch(() => {});
      if (!closed) await own.close();
      else await own.close().catch(() => {});
    }
  });
});
