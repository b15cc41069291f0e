// A merchant turns Fraud Protect on; a buyer checks out on the demo store with the test card
// the platform rates high risk; the merchant sees the order cancelled and refunded in Fraud
// Protect's log, and in the platform's own order list, whose order page shows what Gatehouse
// wrote into the order's risk, which the log shows too; the buyer's order page says it was
// cancelled.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';

/** The Bogus Gateway's card the platform's analysis rates HIGH. */
const HIGH_RISK_CARD = '4100000000000019';

describe('Fraud Protect cancels a risky order', () => {
  let f: Fixture;
  let admin: Page;
  let store: string;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    store = `${f.stack.emulatorUrl}/shops/${DEMO}`;
  });
  afterAll(() => tearDown(f));

  it('cancels the order placed at checkout and shows it in the log and on the platform', async () => {
    await admin.goto(`${f.stack.appUrl}/fraudProtect`);
    await admin.getByText('No order yet.', { exact: false }).waitFor();
    // Writing what Gatehouse finds into Shopify's order risk is on from the start.
    const riskNote = admin.getByLabel('Add what Gatehouse finds to each order’s risk in Shopify');
    expect(await riskNote.isChecked()).toBe(true);
    await admin.getByLabel('Turn Fraud Protect on').check();
    await clickAndAwait(admin, 'Save', '/api/fraudProtect/save');
    await shows(admin, 'Fraud Protect saved');
    await screenshot(admin, 'fraud-protect-settings-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'fraud-protect-settings-390');
    await admin.setViewportSize({ width: 1280, height: 900 });

    // The buyer: a product into the cart, then the checkout with the high-risk test card.
    const buyer = await f.chrome.browser.newPage();
    await buyer.goto(`${store}/collections/all`);
    await buyer.locator('a.card-product').first().click();
    await buyer.getByRole('button', { name: 'Add to cart' }).click();
    await buyer.goto(`${store}/checkout`);
    await buyer.getByLabel('Email').fill('fraudster@example.com');
    await buyer.locator('#ship_last_name').fill('Mallory');
    await buyer.locator('#ship_address1').fill('1 Main Street');
    await buyer.locator('#ship_city').fill('Springfield');
    await buyer.locator('#ship_zip').fill('62701');
    await buyer.getByLabel('Card number').fill(HIGH_RISK_CARD);
    await buyer.getByLabel('Name on card').fill('Mallory');
    await buyer.getByRole('button', { name: 'Pay now' }).click();
    await buyer.waitForURL(/\/orders\//);
    const orderName = ((await buyer.locator('p.vendor').textContent()) ?? '')
      .replace('Order', '')
      .trim();
    expect(orderName).toMatch(/^#\d+$/);

    // The merchant's log shows the order cancelled, with its risk and a link to it.
    await expect
      .poll(
        // The log reads itself again every 10 s while the page is open.
        async () => {
          const row = admin
            .getByRole('row')
            .filter({ hasText: orderName })
            .filter({ hasText: 'Cancel' });
          return (await row.count()) > 0 ? row.first().innerText() : '';
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toMatch(
        /High[\s\S]*Cancelled \(fraud; refunded [\d.]+ USD, restocked, customer emailed\)[\s\S]*Done/,
      );
    await screenshot(admin, 'fraud-protect-log');
    const link = admin.getByRole('link', { name: orderName }).first();
    expect(await link.getAttribute('href')).toMatch(
      new RegExp(`/shops/${DEMO}/admin/orders/\\d+$`),
    );

    // The platform's order list shows it cancelled and refunded, tagged by Gatehouse.
    await buyer.goto(`${store}/admin/orders`);
    const listed = buyer.getByRole('row').filter({ hasText: orderName });
    expect(await listed.innerText()).toMatch(/Cancelled[\s\S]*Refunded[\s\S]*gatehouse-fraud/);
    await screenshot(buyer, 'fraud-protect-platform-orders');

    // The order's own page in the platform's admin carries Gatehouse's note in its fraud
    // analysis, once the order has been dealt with: what Fraud Protect did, raising nothing.
    await listed.getByRole('link', { name: orderName }).click();
    await expect
      .poll(
        async () => {
          await buyer.reload();
          return buyer.getByText('by Gatehouse', { exact: true }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    expect(await buyer.getByText('Gatehouse Fraud Protect cancelled the order').innerText()).toBe(
      'Gatehouse Fraud Protect cancelled the order, rated high risk. (neutral)',
    );
    await screenshot(buyer, 'fraud-protect-platform-order-risk');
    await buyer.goBack();

    // The merchant's log says the same beside what was done to the order.
    await expect
      .poll(async () => admin.getByRole('row').filter({ hasText: orderName }).first().innerText(), {
        timeout: 30_000,
        interval: 1000,
      })
      .toContain(
        "Added to the order's risk in Shopify (no risk level): Gatehouse Fraud Protect cancelled the order, rated high risk.",
      );
    await screenshot(admin, 'fraud-protect-log-risk-note');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'fraud-protect-log-risk-note-390');

    // And the buyer's order page says so.
    await buyer.goBack();
    await buyer.reload();
    expect(await buyer.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Your order was cancelled',
    );
  });
});
