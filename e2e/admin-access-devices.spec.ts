// Admin Access as each of the merchant's browsers sees it: the browser that marked itself says
// Enabled; another browser, never marked, says Disabled and how many devices are marked, and
// General Settings says the same as the dashboard in each.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type OpenBrowser } from './support/browser.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { signIn } from './support/sign-in.js';

const adminAccessCard = (page: Page) => page.getByRole('region', { name: 'Admin Access' });

describe('Admin Access on a marked and an unmarked device', () => {
  let f: Fixture;
  let other: OpenBrowser;
  let marked: Page;
  let unmarked: Page;

  beforeAll(async () => {
    ({ f, page: marked } = await setUpPremiumMerchant());
    other = await openBrowser();
    unmarked = await other.browser.newPage();
    await signIn(unmarked, f.stack.appUrl);
  });
  afterAll(async () => {
    await other?.close();
    await tearDown(f);
  });

  it('says Enabled in the browser that marked itself', async () => {
    await marked.goto(`${f.stack.appUrl}/dashboard`);
    const card = adminAccessCard(marked);
    await card.getByText('Admin Access is off for this store, and no device is marked.').waitFor();
    const [popup] = await Promise.all([
      marked.waitForEvent('popup'),
      card.getByRole('button', { name: 'Enable Admin Access' }).click(),
    ]);
    await expect.poll(() => popup.getByText('Admin Access mode enabled').isVisible()).toBe(true);
    await popup.close();
    await marked.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('This device is marked: its visits bypass every filter.').waitFor();
    expect(await card.getByText('Enabled', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Disable Admin Access' }).isVisible()).toBe(true);
  });

  it('says Disabled on a device that was never marked, and how many are', async () => {
    await unmarked.goto(`${f.stack.appUrl}/dashboard`);
    const card = adminAccessCard(unmarked);
    await card.getByText('1 device is marked, but not this one.').waitFor();
    await screenshot(unmarked, 'admin-access-unmarked-device');
    expect(await card.getByText('Disabled', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Enabled', { exact: true }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Enable Admin Access' }).isVisible()).toBe(true);
  });

  it('has General Settings say the same as the dashboard, in each browser', async () => {
    await unmarked.goto(`${f.stack.appUrl}/settings`);
    const setting = unmarked.getByLabel('Let marked devices bypass every filter');
    await setting.waitFor();
    expect(await setting.isChecked()).toBe(true);
    await unmarked.getByText('1 device is marked, but not this one.').waitFor();
    await screenshot(unmarked, 'admin-access-settings-unmarked-device');

    await marked.goto(`${f.stack.appUrl}/settings`);
    await marked.getByText('This device is marked: its visits bypass every filter.').waitFor();
  });
});
