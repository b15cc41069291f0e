// A merchant writes the auto-cancel filter "billing ≠ shipping AND total > 500" on the demo
// store. A dry run over the store's recent orders lists the order a buyer placed earlier with
// a different billing address and two tents, and says the conditions that caught it; saved and
// on, the filter cancels the next such order, and the log shows it with the filter's name and
// those conditions.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant } from './support/merchant.js';

/** The Bogus Gateway's card the platform approves without a risk signal. */
const PLAIN_CARD = '4242424242424242';
const FILTER = 'Mismatched addresses over 500';

describe('an auto-cancel filter', () => {
  let f: Fixture;
  let admin: Page;
  let store: string;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    store = `${f.stack.emulatorUrl}/shops/${DEMO}`;
  });
  afterAll(() => tearDown(f));

  /** Two tents ($698) shipped to one address and billed to another; the order's name. */
  async function placeMismatchedOrder(): Promise<string> {
    const buyer = await f.chrome.browser.newPage();
    try {
      await buyer.goto(`${store}/products/ridgeline-2-tent`);
      await buyer.getByRole('button', { name: 'Add to cart' }).click();
      await buyer.goto(`${store}/cart`);
      await buyer.getByLabel('Quantity of Ridgeline 2 Tent').fill('2');
      await buyer.getByRole('button', { name: 'Update cart' }).click();
      await buyer.waitForURL(/\/cart$/);
      await buyer.goto(`${store}/checkout`);
      await buyer.getByLabel('Email').fill('reseller@example.com');
      await buyer.locator('#ship_last_name').fill('Mallory');
      await buyer.locator('#ship_address1').fill('1 Main Street');
      await buyer.locator('#ship_city').fill('Springfield');
      await buyer.locator('#ship_zip').fill('62701');
      await buyer.getByLabel('Use a different billing address').check();
      await buyer.locator('#bill_last_name').fill('Mallory');
      await buyer.locator('#bill_address1').fill('99 Harbour Road');
      await buyer.locator('#bill_city').fill('Portland');
      await buyer.locator('#bill_zip').fill('97201');
      await buyer.getByLabel('Card number').fill(PLAIN_CARD);
      await buyer.getByLabel('Name on card').fill('Mallory');
      await buyer.getByRole('button', { name: 'Pay now' }).click();
      await buyer.waitForURL(/\/orders\//);
      const name = ((await buyer.locator('p.vendor').textContent()) ?? '')
        .replace('Order', '')
        .trim();
      expect(name).toMatch(/^#\d+$/);
      return name;
    } finally {
      await buyer.close();
    }
  }

  it('lists what it would catch in a dry run, then cancels a matching order', async () => {
    const earlier = await placeMismatchedOrder();

    await admin.goto(`${f.stack.appUrl}/blacklists`);
    await admin.getByText('No filter yet').waitFor();
    await admin.getByRole('button', { name: 'Create your first filter' }).click();
    await admin.getByLabel('Name').fill(FILTER);
    // The radio's own words take the click (Polaris lays its styled circle over the input).
    await admin.getByText('On', { exact: true }).click();
    expect(await admin.getByLabel('On', { exact: true }).isChecked()).toBe(true);
    await admin
      .getByLabel('Group 1, condition 1: field')
      .selectOption('billingDiffersFromShipping');
    await admin.getByRole('button', { name: 'Add condition' }).click();
    await admin.getByLabel('Group 1, condition 2: field').selectOption('total');
    await admin.getByLabel('Group 1, condition 2: operator').selectOption('greaterThan');
    await admin.getByLabel('Group 1, condition 2: value').fill('500');

    // The dry run reads the store's orders and lists the earlier one with the deciding condition.
    await clickAndAwait(admin, 'Dry run', '/api/autoCancel/dryRun');
    const results = admin.getByRole('list', { name: 'Orders the filter would catch' });
    await results.getByText(earlier, { exact: true }).waitFor({ timeout: 30_000 });
    const summary = await admin.getByText(/^Read [\d,]+ orders? of the last 30 days/).innerText();
    expect(summary).toMatch(/[1-9][\d,]* orders? would have been caught/);
    expect(await results.locator('li').filter({ hasText: earlier }).innerText()).toMatch(
      /Caught by: Billing address differs from shipping address and Order total is greater than 500/,
    );
    await screenshot(admin, 'auto-cancel-dry-run');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'auto-cancel-dry-run-390');
    await admin.setViewportSize({ width: 1280, height: 900 });

    await clickAndAwait(admin, 'Save filter', '/api/autoCancel/save');
    await admin.getByRole('heading', { name: `1. ${FILTER}` }).waitFor();

    // A new matching order is cancelled; the log names the filter.
    const later = await placeMismatchedOrder();
    await expect
      .poll(
        // The log reads itself again every 10 s while the page is open.
        async () => {
          const row = admin.getByRole('row').filter({ hasText: later });
          return (await row.count()) > 0 ? row.first().innerText() : '';
        },
        { timeout: 40_000, interval: 1000 },
      )
      .toMatch(
        new RegExp(
          `${FILTER}[\\s\\S]*Caught by: Billing address differs from shipping address and Order total is greater than 500[\\s\\S]*Cancelled \\(fraud[\\s\\S]*Done`,
        ),
      );
    await screenshot(admin, 'auto-cancel-log');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'auto-cancel-log-390');
    await admin.setViewportSize({ width: 1280, height: 900 });

    // The platform's order list shows it cancelled.
    const check = await f.chrome.browser.newPage();
    await check.goto(`${store}/admin/orders`);
    expect(await check.getByRole('row').filter({ hasText: later }).innerText()).toMatch(
      /Cancelled/,
    );
    await check.close();
  });
});
