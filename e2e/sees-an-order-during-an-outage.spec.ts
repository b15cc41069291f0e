// Shopify stops answering while a risky order comes in: the merchant sees the order in the
// order log from the first failed attempt, being checked, with which attempt comes next and
// when, in one line for the order; once Shopify answers again, "Retry now" checks it at once
// and the line shows the order cancelled and refunded, once. A cancel Shopify then refuses
// for good (the order shipped meanwhile) offers no Retry and says what to do in Shopify.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, shows } from './support/merchant.js';
import { signIn } from './support/sign-in.js';

/** Calls the platform emulator's control API; answers its JSON. */
async function control<T>(f: Fixture, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${f.stack.emulatorUrl}/_emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface PlacedOrder {
  id: number;
  name: string;
  cancelledAt: string | null;
  refunds: unknown[];
}

/** Shopify takes the order reads and never answers them; then a high-risk order is placed. */
async function riskyOrderWhileShopifyHangs(f: Fixture, email: string) {
  const fault = await control<{ id: string }>(f, 'POST', '/faults', {
    kind: 'hang',
    shop: DEMO,
    endpoint: 'graphql',
    operation: 'GatehouseOrder',
  });
  const placed = await control<PlacedOrder>(f, 'POST', `/shops/${DEMO}/orders`, {
    email,
    lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
    risk: { level: 'HIGH' },
  });
  return { fault, placed };
}

describe('an order during an outage', () => {
  let f: Fixture;
  let admin: Page;

  beforeAll(async () => {
    // Nine attempts, a minute or more apart, and a platform call given up after two seconds.
    f = await setUp({
      WEBHOOK_RETRY_LIMIT: '8',
      WEBHOOK_RETRY_DELAY_SECONDS: '60',
      PLATFORM_TIMEOUT_MS: '2000',
      PLATFORM_DEADLINE_MS: '2000',
      PLATFORM_MAX_ATTEMPTS: '1',
    });
    admin = await f.chrome.browser.newPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    await signIn(admin, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false, plan: 'premium' });
    await setAppEmbed(f.stack, true);
  });
  afterAll(() => tearDown(f));

  it('shows the order being checked while Shopify hangs, and Retry now cancels it once', async () => {
    await admin.goto(`${f.stack.appUrl}/fraudProtect`);
    await admin.getByLabel('Turn Fraud Protect on').check();
    await clickAndAwait(admin, 'Save', '/api/fraudProtect/save');
    await shows(admin, 'Fraud Protect saved');

    const { fault, placed } = await riskyOrderWhileShopifyHangs(f, 'outage@example.com');

    const row = admin.getByRole('row').filter({ hasText: placed.name });
    await expect
      .poll(
        async () => {
          // The log reads itself again every 10 s while the page is open.
          return (await row.count()) > 0 ? row.first().innerText() : '';
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toMatch(
        /Checking the order[\s\S]*Checking[\s\S]*Shopify is not answering, so we could not check order #\d+\. Gatehouse retries by itself: attempt 2 of 9, next at \d{1,2}:\d{2} [AP]M\./,
      );
    expect(await admin.getByText('1 order, newest first.').isVisible()).toBe(true);
    expect(await row.getByText('try again', { exact: false }).count()).toBe(0);
    await screenshot(admin, 'order-log-outage-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.getByRole('button', { name: `Retry now order ${placed.name}` }).waitFor();
    await screenshot(admin, 'order-log-outage-390');
    await admin.setViewportSize({ width: 1280, height: 900 });

    // Shopify answers again; the merchant does not wait for the next attempt.
    await control(f, 'DELETE', `/faults/${encodeURIComponent(fault.id)}`);
    await clickAndAwait(admin, `Retry now order ${placed.name}`, '/api/fraudProtect/retry');
    await expect
      .poll(
        async () => {
          // The log reads itself again every 10 s while the page is open.
          return (await row.count()) > 0 ? row.first().innerText() : '';
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toMatch(/Cancelled \(fraud; refunded [\d.]+ USD[\s\S]*Done[\s\S]*Tagged[\s\S]*Done/);
    expect(await row.count()).toBe(1);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'order-log-outage-recovered-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'order-log-outage-recovered-390');

    const order = await control<PlacedOrder>(f, 'GET', `/shops/${DEMO}/orders/${placed.id}`);
    expect(order.cancelledAt).not.toBeNull();
    expect(order.refunds).toHaveLength(1);
  }, 180_000);

  it('offers no Retry for a cancel Shopify refuses for good, and says what to do there', async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    const { fault, placed } = await riskyOrderWhileShopifyHangs(f, 'shipped@example.com');
    const retryNow = admin.getByRole('button', { name: `Retry now order ${placed.name}` });
    await retryNow.waitFor({ timeout: 60_000 });
    // The order ships while Gatehouse cannot read it; then Shopify answers again.
    await control(f, 'POST', `/shops/${DEMO}/orders/${placed.id}/fulfill`, {});
    await control(f, 'DELETE', `/faults/${encodeURIComponent(fault.id)}`);
    await clickAndAwait(admin, `Retry now order ${placed.name}`, '/api/fraudProtect/retry');

    const row = admin.getByRole('row').filter({ hasText: placed.name });
    await expect
      .poll(async () => ((await row.count()) > 0 ? row.first().innerText() : ''), {
        timeout: 60_000,
        interval: 1000,
      })
      .toMatch(
        /Cancel \(fraud[\s\S]*Failed[\s\S]*Shopify refused: Cannot cancel an order with fulfilled items\. Gatehouse does not try again[\s\S]*cancel it there\.[\s\S]*Tagged[\s\S]*Done/,
      );
    expect(await row.getByRole('button').count()).toBe(0);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'order-log-refused-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'order-log-refused-390');
  }, 180_000);
});
