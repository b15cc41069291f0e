// A blocked shopper asks for access from the block page: the request is stored with the
// visit's reference, the merchant sees it with the rule that blocked the visit (named as the
// visitor log names it) and a count per rule, and lets the address in with one click. Bad
// input, floods and other shops are refused; a customer's redact and the visitor log's
// retention take the shopper's email and message.
import {
  ACCESS_REQUEST_PATH,
  accessRequestMessages as m,
  visitReference,
  type DecideResponse,
  type VisitRule,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessRequests } from '../../src/protection/access-requests-schema.js';
import { purgeExpiredVisits } from '../../src/features/visitor-logs/retention.js';
import { SHOP_REQUESTS_PER_HOUR } from '../../src/features/access-requests/access-request-route.js';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';
import { deliverWebhook, QUICK_RETRIES, settled } from '../helpers/webhooks.js';

const US = '8.8.8.8';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
useSignedInShops(
  { alice: { name: 'alice-asks', plan: 'premium' }, bob: 'bob-asks' },
  (s) => ({ t, alice, bob } = s),
  { geo: true, env: QUICK_RETRIES },
);

const decide = async (shop: ShopSession, ip: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip, 'user-agent': 'test-browser/1.0' },
      query: { shop: shop.shop, url: `https://${shop.shop}/products/hat` },
    })
  ).json<DecideResponse>();

const send = (ip: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: ACCESS_REQUEST_PATH,
    headers: { 'x-forwarded-for': ip, origin: 'https://alice-asks.myshopify.com' },
    payload: body,
  });

const form = (ip: string, extra: Record<string, unknown> = {}) => ({
  shop: alice.shop,
  reference: visitReference(Date.now(), ip),
  email: 'shopper@example.com',
  message: 'I live in Boston and want to buy a hat.',
  ...extra,
});

const rowsOf = (shopId: string) =>
  t.app.db.select().from(accessRequests).where(eq(accessRequests.shopId, shopId));

beforeAll(async () => {
  const saved = await t.call('saveCountryBlocker', alice.token, {
    mode: 'blacklist',
    countries: ['US'],
    action: { type: 'block' },
    monitor: false,
  });
  expect(saved.statusCode).toBe(200);
});

describe('a blocked shopper asks for access', () => {
  it('stores the request with the visit, shows it with its rule, and allows in one click', async () => {
    const blocked = await decide(alice, US);
    expect(blocked.action).toBe('block');
    const reference = blocked.notice!.reference;
    const res = await send(US, form(US, { reference: reference.toLowerCase() }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({ message: m.sent });
    // The same visit again: told it was sent, stored once.
    expect((await send(US, form(US, { reference }))).json()).toEqual({ message: m.alreadySent });
    expect(await rowsOf(alice.id)).toHaveLength(1);

    await t.app.visits.flush();
    const visits = await t.call('listVisits', alice.token, { ref: reference });
    const rule = visits.json<{ visits: { rule: VisitRule | null }[] }>().visits[0]?.rule;
    const ruleId = rule?.id;
    expect(rule).toMatchObject({ kind: 'country', page: '/regionBlocker' });

    const list = await t.call('listAccessRequests', alice.token, {});
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      open: 1,
      requests: [
        {
          reference,
          ip: US,
          email: 'shopper@example.com',
          message: 'I live in Boston and want to buy a hat.',
          // Named for the merchant as the visitor log names it.
          rule,
          allowedAt: null,
        },
      ],
    });
    const counts = await t.call('accessRequestCounts', alice.token, {});
    expect(counts.json()).toEqual({ counts: { [ruleId!]: 1 } });

    // Another shop sees none of it and cannot allow it.
    const id = list.json<{ requests: { id: string }[] }>().requests[0]!.id;
    expect((await t.call('listAccessRequests', bob.token, {})).json()).toEqual({
      requests: [],
      open: 0,
    });
    const foreign = await t.call('allowAccessRequest', bob.token, { id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ Message: m.requestId });

    const allowed = await t.call('allowAccessRequest', alice.token, { id });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({
      changed: true,
      message: `${US} was added to the IP allow list.`,
    });
    expect((await decide(alice, US)).action).toBe('allow');
    const after = await t.call('listAccessRequests', alice.token, {});
    expect(after.json()).toMatchObject({ open: 0, requests: [{ allowedAt: expect.any(String) }] });
  });

  it('stores one request when the same visit is sent several times at once', async () => {
    const ip = '203.0.113.70';
    const body = form(ip);
    const answers = await Promise.all([1, 2, 3].map(() => send(ip, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json<{ message: string }>().message).sort()).toEqual(
      [m.alreadySent, m.alreadySent, m.sent].sort(),
    );
    const rows = (await rowsOf(alice.id)).filter((r) => r.reference === body.reference);
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with a message that says what to do, storing nothing', async () => {
    const before = (await rowsOf(alice.id)).length;
    // Each case from its own address: the per-address limit counts refusals too.
    const cases: [(ip: string) => Record<string, unknown>, string][] = [
      [(ip) => form(ip, { email: '' }), m.email],
      [(ip) => form(ip, { email: 'not-an-email' }), m.email],
      [(ip) => form(ip, { email: `${'a'.repeat(250)}@example.com` }), m.emailTooLong],
      [(ip) => form(ip, { message: '   ' }), m.message],
      [(ip) => form(ip, { message: 'x'.repeat(1001) }), m.messageTooLong],
      [(ip) => form(ip, { message: 'hi\u202Ethere' }), 'Your message'],
      [(ip) => form(ip, { reference: 'not a ref' }), m.reference],
      [(ip) => form(ip, { shop: 'nobody' }), m.shop],
      [(ip) => form(ip, { shop: 'nobody-here.myshopify.com' }), m.unknownShop],
      // A reference of another address's visit.
      [(ip) => form(ip, { reference: visitReference(Date.now(), '192.0.2.250') }), m.notYourVisit],
      [(ip) => form(ip, { reference: visitReference(Date.now() - 8 * 86_400_000, ip) }), m.tooOld],
    ];
    for (const [i, [body, message]] of cases.entries()) {
      const ip = `203.0.113.${100 + i}`;
      const res = await send(ip, body(ip));
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ Message: string }>().Message).toContain(message);
    }
    const ip = '203.0.113.20';
    const notJson = await t.app.inject({
      method: 'POST',
      url: ACCESS_REQUEST_PATH,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      payload: '{"shop":',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await rowsOf(alice.id)).length).toBe(before);
  });

  it('takes a few requests per address, then asks to wait', async () => {
    const ip = '203.0.113.30';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const at = Date.now() - i * 1000;
      statuses.push((await send(ip, form(ip, { reference: visitReference(at, ip) }))).statusCode);
    }
    // The rate limiter counts the refusals above per address too, so a fresh address is used.
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('takes a bounded number of requests per store per hour', async () => {
    const have = (await rowsOf(alice.id)).length;
    const filler = Array.from({ length: SHOP_REQUESTS_PER_HOUR - have }, (_, i) => ({
      shopId: alice.id,
      reference: `FILL${i}`,
      visitTime: new Date(),
      ip: `192.0.2.${i + 1}`,
      email: 'flood@example.com',
      message: 'flood',
    }));
    await t.app.db.insert(accessRequests).values(filler);
    const ip = '203.0.113.40';
    const res = await send(ip, form(ip));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ Message: m.storeBusy });
    // Another store is not affected.
    expect((await send(ip, form(ip, { shop: bob.shop }))).statusCode).toBe(200);
    await t.app.db.delete(accessRequests).where(eq(accessRequests.email, 'flood@example.com'));
  });
});

describe('the shopper’s email and message', () => {
  it('are in what a customers/data_request naming the email gathers', async () => {
    const ip = '203.0.113.60';
    await send(ip, form(ip, { email: 'Asks.Again@example.com', message: 'Please let me in.' }));
    const body = JSON.stringify({
      shop_domain: alice.shop,
      customer: { id: 43, email: 'asks.again@example.com' },
      orders_requested: [],
      data_request: { id: 9001 },
    });
    const id = crypto.randomUUID();
    const res = await deliverWebhook(t, 'customers/data_request', alice.shop, { body, id });
    expect(res.statusCode).toBe(200);
    expect((await settled(t, id)).status).toBe('processed');
    const list = await t.support('GET', '/api/support/data-requests', { shop: alice.shop });
    const [entry] = list.json<{ dataRequests: { id: string }[] }>().dataRequests;
    const opened = await t.support('GET', `/api/support/data-requests/${entry!.id}`);
    expect(opened.json<{ data: { accessRequests: unknown[] } }>().data.accessRequests).toEqual([
      expect.objectContaining({
        ip,
        email: 'Asks.Again@example.com',
        message: 'Please let me in.',
      }),
    ]);
  });

  it('go with a customers/redact naming the email', async () => {
    const ip = '203.0.113.50';
    await send(ip, form(ip, { email: 'Redact.Me@example.com' }));
    expect((await rowsOf(alice.id)).some((r) => r.email === 'Redact.Me@example.com')).toBe(true);
    const body = JSON.stringify({
      shop_domain: alice.shop,
      customer: { id: 42, email: 'redact.me@example.com' },
      orders_to_redact: [],
    });
    const id = crypto.randomUUID();
    expect((await deliverWebhook(t, 'customers/redact', alice.shop, { body, id })).statusCode).toBe(
      200,
    );
    expect((await settled(t, id)).status).toBe('processed');
    const rows = await rowsOf(alice.id);
    expect(rows.some((r) => r.email === 'Redact.Me@example.com')).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('go with the visitor log’s retention', async () => {
    expect((await rowsOf(bob.id)).length).toBeGreaterThan(0);
    // Far enough ahead that every shop's retention has passed.
    await purgeExpiredVisits(t.app.db, new Date(Date.now() + 400 * 86_400_000));
    expect(await rowsOf(bob.id)).toHaveLength(0);
    expect(await rowsOf(alice.id)).toHaveLength(0);
  });
});
