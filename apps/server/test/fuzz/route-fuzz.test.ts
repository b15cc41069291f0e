// Every route outside the contract table (route-table.ts), fuzzed as the contract's calls
// are: the storefront's calls, the OAuth callback and other pages reached by links, the CSV
// exports, the webhook endpoint (with valid signatures, so hostile payloads reach the
// handlers), support's calls and the admin's files. Whatever is sent, the answer is never a
// 5xx nor carries a stack or internal detail; a refusal of a JSON route is the error body
// (`Message`, `code`, `issues`) and a page's is a page; a redirect stays on the app's own
// origin; a refusal changes nothing either shop has stored; text with a forbidden character
// in a field the route reads is refused; and the other shop's data never appears in an
// answer (except to support, whose calls see every shop). Missing or wrong credentials are
// refused with 401 and change nothing.
// The first test lists every route the app registers and fails when one is in neither table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, errorBody } from '@gatehouse/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import {
  fuzzShops,
  INTERNALS,
  SECRET,
  SECRET_IP,
  SEED,
  shopRowOf,
  type FuzzShops,
} from './fuzz-shops.js';
import { mutation, ODD_JSON_BODIES, ODD_QUERIES } from './hostile-inputs.js';
import { applyChange, fieldsOf, mustRefuse } from './route-mutations.js';
import { createRouteSender, type RawBody } from './route-requests.js';
import { ROUTE_TABLE, type FuzzRoute, type RouteFuzzShop } from './route-table.js';
import { shopTables, snapshotShop } from './shop-snapshot.js';

const RUNS_PER_ROUTE = 8;
const INDEX_HTML = '<!doctype html><title>admin</title><div id="root"></div>';

let t: TestApp;
let shops: FuzzShops;
let shop: RouteFuzzShop;
let tables: string[];
let sender: ReturnType<typeof createRouteSender>;
const registered: string[] = [];
const dist = mkdtempSync(join(tmpdir(), 'fuzz-admin-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp(
    { ADMIN_DIST: dist, RATE_LIMIT_DECIDE_PER_MINUTE: '100000' },
    {},
    undefined,
    {
      onRoute: (route) => registered.push(...[route.method].flat().map((m) => `${m} ${route.url}`)),
    },
  );
  shops = await fuzzShops(t);
  const row = await shopRowOf(t, shops.mine.shop);
  const rating = await t.app.inject({
    url: `/feedback.html?shopId=${row.shopifyShopId}&rating=2`,
  });
  shop = {
    domain: shops.mine.shop,
    shopifyShopId: row.shopifyShopId!,
    feedbackToken: /name="token" value="([^"]+)"/.exec(rating.body)![1]!,
  };
  tables = await shopTables(t.app.db);
  sender = createRouteSender(t, shops.mine.token);
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

// ---------------------------------------------------------------- checking

/** Everything both shops have stored, with the visits the decisions queued written first. */
async function stored() {
  await t.app.visits.flush();
  const events = await t.app.db.execute(
    sql`select count(*)::int as n from webhook_events where shop_domain in (${shops.mine.shop}, ${shops.other.shop})`,
  );
  return {
    mine: await snapshotShop(t.app.db, tables, shops.mineId),
    other: await snapshotShop(t.app.db, tables, shops.otherId),
    webhookEvents: (events as unknown as { rows: unknown[] }).rows,
  };
}

function checkAnswer(route: FuzzRoute, res: LightMyRequestResponse) {
  const where = `${route.name} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.body, where).not.toMatch(INTERNALS);
  if (!route.seesEveryShop) {
    expect(res.body, where).not.toContain(SECRET);
    expect(res.body, where).not.toContain(SECRET_IP);
  }
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400) {
    if (route.answers === 'html' && type.startsWith('text/html')) return;
    expect(type, where).toMatch(/^application\/json/);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort(), where).toEqual(['Message', 'code', 'issues']);
    expect(errorBody.strict().safeParse(body).success, where).toBe(true);
  } else if (res.statusCode >= 300) {
    // Redirects never leave the app's origin, whatever the query said.
    const location = String(res.headers.location ?? '');
    const own =
      (location.startsWith('/') && !location.startsWith('//')) ||
      location.startsWith(`${t.config.appUrl}/`);
    expect(own, `${where} → ${location}`).toBe(true);
  }
}

// ---------------------------------------------------------------- the tests

const rows = ROUTE_TABLE.map((route) => [route.name, route] as const);
const key = (method: string, path: string) => `${method} ${path}`;

describe('route fuzz', () => {
  it('every registered route is in the contract table or the route table', () => {
    const contract = new Set(Object.values(api).map((call) => key(call.method, call.path)));
    const table = new Set(ROUTE_TABLE.map((route) => key(route.method, route.path)));
    const gets = new Set(registered.filter((r) => r.startsWith('GET ')).map((r) => r.slice(4)));
    const unknown = registered.filter(
      (r) =>
        !contract.has(r) &&
        !table.has(r) &&
        // HEAD answers as its GET does.
        !(r.startsWith('HEAD ') && gets.has(r.slice(5))),
    );
    expect(unknown, 'routes neither table lists: add them to route-table.ts').toEqual([]);
    const stale = [...table].filter((r) => !registered.includes(r));
    expect(stale, 'route-table.ts lists routes the app does not register').toEqual([]);
  });

  it.each(rows)(
    '%s: hostile input is refused cleanly and changes nothing',
    async (_name, route) => {
      const base = route.plausible(shop);
      // A webhook's topic and shop are its headers: only its payload is generated.
      const fields = fieldsOf(base).filter(
        (f) => route.input !== 'webhook' || f.startsWith('body'),
      );
      let before = await stored();
      await fc.assert(
        fc.asyncProperty(mutation(fields, shops.foreign), async (change) => {
          const { input, path } = applyChange(route, base, change);
          const res = await sender.send(route, input);
          checkAnswer(route, res);
          const after = await stored();
          if (res.statusCode >= 400) expect(after).toEqual(before);
          if (mustRefuse(route, change, path)) {
            const where = `${route.name} ${path}: ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (route.refusal === 'quiet' && res.statusCode < 400) {
              expect({ mine: after.mine, other: after.other }, where).toEqual({
                mine: before.mine,
                other: before.other,
              });
            } else expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          }
          // Only the shop named in the request may change, and the other never is.
          expect(after.other).toEqual(before.other);
          before = after;
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );

  it.each(rows.filter(([, route]) => route.auth !== 'none'))(
    '%s: missing or wrong credentials are refused and change nothing',
    async (_name, route) => {
      const before = await stored();
      for (const credentials of ['missing', 'wrong'] as const) {
        const res = await sender.send(route, route.plausible(shop), credentials);
        checkAnswer(route, res);
        if (route.auth === 'callback-hmac') expect(res.statusCode).toBe(400);
        else expect(res.statusCode, res.body).toBe(401);
      }
      expect(await stored()).toEqual(before);
    },
  );

  /** Sends each odd request in turn: clean answers, and refusals change nothing. */
  async function oddRequests(route: FuzzRoute, send: () => Promise<LightMyRequestResponse>[]) {
    for (const request of send()) {
      const before = await stored();
      const res = await request;
      checkAnswer(route, res);
      if (res.statusCode >= 400) expect(await stored()).toEqual(before);
    }
  }

  it.each(rows.filter(([, route]) => route.input === 'query'))(
    '%s: odd query strings answer cleanly',
    async (_name, route) => {
      const input = route.plausible(shop);
      for (const odd of ODD_QUERIES) {
        await oddRequests(route, () => [sender.sendQuery(route, input, odd)]);
      }
    },
  );

  const FORM_BODIES: RawBody[] = [
    { type: 'application/x-www-form-urlencoded', payload: '%' },
    { type: 'application/x-www-form-urlencoded', payload: 'token=%ZZ&comment=%00' },
    { type: 'application/x-www-form-urlencoded', payload: '__proto__=1&constructor=1' },
    { type: 'application/x-www-form-urlencoded', payload: `comment=${'a'.repeat(20_000)}` },
    { type: 'application/x-www-form-urlencoded', payload: Buffer.from([0xff, 0xfe, 0x3d]) },
    { type: 'application/json', payload: '{"token":"a","comment":"a"}' },
    { type: 'text/plain', payload: 'hello' },
  ];

  it.each(rows.filter(([, route]) => route.method === 'POST'))(
    '%s: odd bodies answer cleanly',
    async (_name, route) => {
      const input = route.plausible(shop);
      const bodies =
        route.input === 'form'
          ? FORM_BODIES
          : ODD_JSON_BODIES.map(([type, payload]) => ({ type, payload }));
      for (const body of bodies) {
        await oddRequests(route, () => [sender.sendBody(route, input, body)]);
      }
    },
  );

  it('webhook deliveries with odd headers answer cleanly and change nothing', async () => {
    const route = ROUTE_TABLE.find((r) => r.name === 'webhook app/scopes_update')!;
    const input = route.plausible(shop);
    const cases: Record<string, string | null>[] = [
      { 'x-shopify-topic': null },
      { 'x-shopify-topic': '' },
      { 'x-shopify-topic': 'a'.repeat(5000) },
      { 'x-shopify-shop-domain': null },
      { 'x-shopify-shop-domain': 'not a shop' },
      { 'x-shopify-shop-domain': `${shop.domain}.example.com` },
      { 'x-shopify-webhook-id': null },
      { 'x-shopify-webhook-id': 'x'.repeat(5000) },
      { 'x-shopify-webhook-id': 'ÿþ' },
      { 'x-shopify-hmac-sha256': '' },
      { 'x-shopify-hmac-sha256': 'x'.repeat(5000) },
    ];
    for (const headers of cases) {
      const before = await stored();
      const res = await sender.sendWebhook(input, headers);
      checkAnswer(route, res);
      if (res.statusCode >= 400) expect(await stored(), JSON.stringify(headers)).toEqual(before);
    }
  });

  it('admin files: odd paths never reach outside the build', async () => {
    const route = ROUTE_TABLE.find((r) => r.path === '/*')!;
    const paths = [
      '/index.html',
      '/assets/app.js',
      '/../package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/..%2f..%2fpackage.json',
      '/assets/..%5c..%5cpackage.json',
      '/index.html%00.js',
      '/%00',
      '/%ff%fe',
      '/%',
      '/assets/missing.js',
      `/${'a/'.repeat(2000)}`,
      '//example.com/',
      '/\\example.com/',
    ];
    for (const path of paths) {
      const res = await sender.sendPath(path);
      const where = `${path} → ${res.statusCode} ${res.body.slice(0, 120)}`;
      checkAnswer(route, res);
      // Only what the build holds is ever served: its files or the SPA's index page.
      if (res.statusCode < 300) expect([INDEX_HTML, 'console.log(1)'], where).toContain(res.body);
      expect(res.body, where).not.toContain('"workspaces"');
    }
  });
});
