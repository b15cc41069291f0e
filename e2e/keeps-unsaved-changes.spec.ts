// A merchant with unsaved changes is asked before leaving the page: inside the app by the
// app's own "Leave page with unsaved changes?" dialog (Stay keeps the edits, Leave page drops
// them), on a reload by the browser's own question.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';

describe('unsaved changes', () => {
  let f: Fixture;
  let page: Page;
  const france = () => page.getByLabel('France', { exact: true });
  const leaveDialog = () => page.getByRole('dialog', { name: 'Leave page with unsaved changes?' });
  const goToDashboard = () =>
    page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();

  beforeAll(async () => {
    ({ f, page } = await setUpPremiumMerchant());
  });
  afterAll(() => tearDown(f));

  it('asks before the navigation drops a ticked country, and Stay keeps it', async () => {
    await page.goto(`${f.stack.appUrl}/regionBlocker`);
    await page.getByLabel('Search countries').fill('France');
    await france().check();
    await goToDashboard();
    await leaveDialog().waitFor();
    await screenshot(page, 'leave-prompt');
    expect(new URL(page.url()).pathname).toBe('/regionBlocker');

    await leaveDialog().getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => leaveDialog().count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/regionBlocker');
    expect(await france().isChecked()).toBe(true);
    expect(await page.getByText('Unsaved changes').isVisible()).toBe(true);
  });

  it('asks the browser on a reload, and staying keeps the change', async () => {
    const asked = page.waitForEvent('dialog');
    // Answered below: the reload never completes once the merchant chooses to stay.
    page.reload().catch(() => undefined);
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(await france().isChecked()).toBe(true);
  });

  it('leaves without saving once the merchant chooses Leave page', async () => {
    await goToDashboard();
    await leaveDialog().getByRole('button', { name: 'Leave page' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.getByRole('navigation').getByRole('link', { name: 'Country Blocker' }).click();
    await page.getByLabel('Search countries').fill('France');
    expect(await france().isChecked()).toBe(false);
  });

  it('lets a page without changes go at once', async () => {
    await goToDashboard();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await leaveDialog().count()).toBe(0);
  });
});
