// A merchant lists a buyer's email in Customer Block Lists and writes the message buyers see;
// the page says when the store's checkout has the list. That buyer cannot complete checkout on
// the demo store: the checkout shows the merchant's message beside the email and no order is
// placed. Another buyer checks out as before.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant } from './support/merchant.js';
import { checkoutInBrowser } from './support/storefront-checkout.js';

const MESSAGE = 'We do not accept orders from this address. Please write to help@example.com.';
const BLOCKED = 'blocked.buyer@example.com';

describe('Customer Block Lists stop a blocked buyer at checkout', () => {
  let f: Fixture;
  let admin: Page;
  let store: string;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    store = `${f.stack.emulatorUrl}/shops/${DEMO}`;
  });
  afterAll(() => tearDown(f));

  const orderCount = async () => {
    const res = await fetch(`${f.stack.emulatorUrl}/_emulator/shops/${DEMO}/orders`, {
      signal: AbortSignal.timeout(10_000),
    });
    return ((await res.json()) as { orders: unknown[] }).orders.length;
  };

  const checkout = (buyer: Page, email: string) => checkoutInBrowser(buyer, store, email);

  it('shows the message at checkout and places no order; others check out', async () => {
    await admin.goto(`${f.stack.appUrl}/checkoutValidate`);
    await admin.getByText('No buyers blocked yet').waitFor();
    await admin.getByLabel('Email addresses').fill(BLOCKED);
    await admin.getByLabel('Note', { exact: true }).first().fill('chargeback in May');
    await clickAndAwait(admin, 'Add to block list', '/api/checkoutValidate/add');
    await admin.getByRole('row').filter({ hasText: BLOCKED }).waitFor();
    await admin.getByLabel('Message at checkout').fill(MESSAGE);
    await clickAndAwait(admin, 'Save', '/api/checkoutValidate/save');
    // The page reads the status again while the sync is pending.
    await admin.getByText('Your checkout has the latest list').waitFor({ timeout: 30_000 });
    await screenshot(admin, 'customer-block-lists');

    const before = await orderCount();
    const buyer = await f.chrome.browser.newPage();
    await checkout(buyer, BLOCKED.toUpperCase());
    await buyer.getByText(MESSAGE).waitFor();
    expect(buyer.url()).toMatch(/\/checkout$/);
    await screenshot(buyer, 'customer-block-lists-checkout');
    expect(await orderCount()).toBe(before);

    await checkout(buyer, 'someone.else@example.com');
    await buyer.waitForURL(/\/orders\//);
    expect(await orderCount()).toBe(before + 1);
  });
});
