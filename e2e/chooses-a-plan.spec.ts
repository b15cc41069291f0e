// A new merchant must choose a plan first: Free at once, or a paid plan's free trial
// approved on the platform's confirmation page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';

describe('choosing a plan', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp();
  });
  afterAll(() => tearDown(f));

  it('lands a new merchant on /subscription, and Free leads to the dashboard', async () => {
    const page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl, 'free-shop');
    expect(new URL(page.url()).pathname).toBe('/subscription');
    await expect.poll(() => page.getByText('Pay-As-You-Go').first().isVisible()).toBe(true);
    await page.locator('[data-plan="payg"]').waitFor();
    // Nothing is chosen yet: a welcome says what to do, and Free is not marked as the plan.
    await page.getByText('Choose a plan to start using Gatehouse').waitFor();
    expect(await page.getByText('Current plan').count()).toBe(0);
    await screenshot(page, 'subscription-new-merchant');
    await page.getByRole('button', { name: 'Choose Free' }).click();
    await page.waitForURL(`${f.stack.appUrl}/dashboard`);
    // isNew is cleared: /subscription no longer forces itself.
    await page.goto(`${f.stack.appUrl}/regionBlocker`);
    await page.waitForURL(`${f.stack.appUrl}/regionBlocker`);
    await page.goto(`${f.stack.appUrl}/subscription`);
    await page.locator('[data-plan="free"]').getByText('Current plan').waitFor();
    expect(await page.getByRole('button', { name: 'Choose Free' }).count()).toBe(0);
    expect(await page.getByText('Choose a plan to start using Gatehouse').count()).toBe(0);
    await page.close();
  });

  it('starts the Premium trial through the platform confirmation page', async () => {
    await f.chrome.browser.clearCookies();
    const page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl, 'premium-shop');
    expect(new URL(page.url()).pathname).toBe('/subscription');
    const premium = page.locator('[data-plan="premium"]');
    await premium.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.waitForURL(/\/admin\/charges\/\d+\/confirm/);
    await expect.poll(() => page.getByText('7-day free trial').first().isVisible()).toBe(true);
    await screenshot(page, 'platform-charge-confirmation');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/subscription' && url.searchParams.get('outcome') === 'activated',
    );
    await expect.poll(() => page.getByText('Your Premium plan is active.').isVisible()).toBe(true);
    await page.locator('[data-plan="premium"]').getByText('Current plan').waitFor();
    await screenshot(page, 'subscription-premium-active');
    const account = await f.stack.support<{ shop: { plan: string; isNew: boolean } }>(
      'show?shop=premium-shop',
    );
    expect(account.shop.plan).toBe('premium');
    expect(account.shop.isNew).toBe(false);
    await page.close();
  });

  it('says so when the merchant declines the charge, and changes nothing', async () => {
    await f.chrome.browser.clearCookies();
    const page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl, 'decline-shop');
    await page
      .locator('[data-plan="payg"]')
      .getByRole('button', { name: 'Start Free Trial' })
      .click();
    await page.waitForURL(/\/admin\/charges\/\d+\/confirm/);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/subscription' && url.searchParams.get('outcome') === 'declined',
    );
    await expect
      .poll(() => page.getByText('You declined the charge. Nothing has changed.').isVisible())
      .toBe(true);
    const account = await f.stack.support<{ shop: { plan: string; isNew: boolean } }>(
      'show?shop=decline-shop',
    );
    expect(account.shop.plan).toBe('free');
    expect(account.shop.isNew).toBe(true);
    await page.close();
  });
});
