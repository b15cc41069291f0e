// Two server instances on one PostgreSQL (TEST_DATABASE_URL; skipped on PGlite, which one
// process owns): a rule saved through one instance is applied by the other's very next
// decisions once the change notice (the notify hub's LISTEN connection) reaches it, though that
// instance had the shop's old policy cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const DE = '88.198.0.1';

let a: TestApp;
let b: TestApp;
let alice: SignedIn;

const decide = (app: TestApp, shop: string, ip: string) =>
  app.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: { 'x-forwarded-for': ip, 'user-agent': 'test-browser/1.0' },
    query: { shop, url: `https://${shop}/products/hat` },
  });

describe.skipIf(!onPostgres)('a rule saved on another instance', () => {
  beforeAll(async () => {
    a = await createTestApp();
    // Signed in before the second instance starts, whose platform is another emulator.
    alice = await a.signIn('alice-notify');
    b = await createTestApp({ DATABASE_URL: a.config.databaseUrl! });
    await Promise.all([a.app.protection.geo.ready, b.app.protection.geo.ready]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("is applied by this instance's next decisions, replacing its cached policy", async () => {
    // b caches the shop's policy as it is: no rule.
    expect((await decide(b, alice.shop, DE)).json()).toMatchObject({ action: 'allow' });
    const saved = await a.call('saveCountryBlocker', alice.token, {
      mode: 'blacklist',
      countries: ['DE'],
      action: { type: 'block' },
      monitor: false,
    });
    expect(saved.statusCode).toBe(200);
    await expect
      .poll(async () => (await decide(b, alice.shop, DE)).json<{ action: string }>().action, {
        timeout: 5000,
      })
      .toBe('block');
  });
});
