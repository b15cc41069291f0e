// A merchant writes the auto-cancel filter "billing ≠ shipping AND total > 500" on the demo
// store. A dry run over the store's recent orders lists the order a buyer placed earlier with
// a different billing address and two tents, and says which condition caught it; saved and on,
// the filter cancels the next such order, and the log shows it with the filter's name.
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';

/** The Bogus Gateway's card the platform approves without a risk signal. */
const PLAIN_CARD = '4242424242424242';
const FILTER = 'Mismatched addresses over 500';

const answerOf = (page: Page, path: string) =>
  page.waitForResponse((r: Response) => new URL(r.url()).pathname === path);

describe('an auto-cancel filter', () => {
  let f: Fixture;
  let admin: Page;
  let store: string;

  beforeAll(async () => {
    f = await setUp();
    store = `${f.stack.emulatorUrl}/shops/${DEMO}`;
    admin = await f.chrome.browser.newPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    await signIn(admin, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false, plan: 'premium' });
    await setAppEmbed(f.stack, true);
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
    const started = answerOf(admin, '/api/autoCancel/dryRun');
    await admin.getByRole('button', { name: 'Dry run', exact: true }).click();
    expect((await started).status()).toBe(200);
    const results = admin.getByRole('list', { name: 'Orders the filter would catch' });
    await results.getByText(earlier, { exact: true }).waitFor({ timeout: 30_000 });
    const summary = await admin.getByText(/^Read [\d,]+ orders? of the last 30 days/).innerText();
    expect(summary).toMatch(/[1-9][\d,]* orders? would have been caught/);
    expect(await results.locator('li').filter({ hasText: earlier }).innerText()).toMatch(
      /Caught by: (Billing ≠ shipping is yes|Order total is greater than 500)/,
    );
    await screenshot(admin, 'auto-cancel-dry-run');

    const saved = answerOf(admin, '/api/autoCancel/save');
    await admin.getByRole('button', { name: 'Save filter' }).click();
    expect((await saved).status()).toBe(200);
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
      .toMatch(new RegExp(`${FILTER}[\\s\\S]*Cancelled \\(fraud[\\s\\S]*Done`));
    await screenshot(admin, 'auto-cancel-log');

    // The platform's order list shows it cancelled.
    const check = await f.chrome.browser.newPage();
    await check.goto(`${store}/admin/orders`);
    expect(await check.getByRole('row').filter({ hasText: later }).innerText()).toMatch(
      /Cancelled/,
    );
    await check.close();
  });
});
