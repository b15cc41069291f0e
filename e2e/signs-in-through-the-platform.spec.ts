// A merchant signs in with the shop domain, approves Gatehouse on the platform and lands in
// the app: a new account on /subscription, a returning one on /dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';

describe('signing in through the platform', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp();
  });
  afterAll(() => tearDown(f));

  it('explains what is wrong with the domain before anything is sent', async () => {
    const page = await f.chrome.browser.newPage();
    await page.goto(`${f.stack.appUrl}/login`);
    const field = page.getByLabel('Shopify store url:');
    await field.focus();
    await field.blur();
    await expect.poll(() => page.getByText('Please enter domain name to login').count()).toBe(1);
    await field.fill('my shop');
    await field.blur();
    await expect.poll(() => page.getByText('Domain name is not valid').count()).toBe(1);
    await screenshot(page, 'login-validation');
    expect(page.url()).toBe(`${f.stack.appUrl}/login`);
    await page.close();
  });

  it('sends a logged-out visitor of any page to /login', async () => {
    const page = await f.chrome.browser.newPage();
    await page.goto(`${f.stack.appUrl}/regionBlocker`);
    await page.waitForURL(`${f.stack.appUrl}/login`);
    await page.close();
  });

  it('takes a new merchant through the consent page to /subscription', async () => {
    const page = await f.chrome.browser.newPage();
    await page.goto(`${f.stack.appUrl}/login`);
    await page.getByLabel('Shopify store url:').fill('demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/shops\/demo\.myshopify\.com\/admin\/oauth\/authorize/);
    await expect.poll(() => page.getByText('Gatehouse').first().isVisible()).toBe(true);
    await screenshot(page, 'platform-consent');
    await page.getByRole('button', { name: 'Install' }).click();
    await page.waitForURL(`${f.stack.appUrl}/subscription`);
    const cookies = await f.chrome.browser.cookies(f.stack.appUrl);
    expect(cookies.find((c) => c.name === '_idy_og_id')?.value).toMatch(/\S{20,}/);
    await screenshot(page, 'new-merchant-subscription');
    await page.close();
  });

  it('brings a returning merchant straight back to the dashboard', async () => {
    await f.stack.support('set', { shop: 'demo', values: { isNew: false } });
    await f.chrome.browser.clearCookies();
    const page = await f.chrome.browser.newPage();
    await page.goto(`${f.stack.appUrl}/login`);
    await page.getByLabel('Shopify store url:').fill('demo');
    await page.getByRole('button', { name: 'Login' }).click();
    // Already installed with every scope: the platform skips its consent page.
    await page.waitForURL(`${f.stack.appUrl}/dashboard`);
    await expect.poll(() => page.getByText('Hi, Demo Store').isVisible()).toBe(true);
    await screenshot(page, 'returning-merchant-dashboard');
    await page.close();
  });

  it('refuses a sign-in link that was already used', async () => {
    const page = await f.chrome.browser.newPage();
    await f.chrome.browser.clearCookies();
    await page.goto(`${f.stack.appUrl}/loginComplete/not-a-real-token`);
    await expect
      .poll(() => page.getByText('This sign-in link has expired. Please sign in again.').count())
      .toBeGreaterThan(0);
    const cookies = await f.chrome.browser.cookies(f.stack.appUrl);
    expect(cookies.find((c) => c.name === '_idy_og_id')).toBeUndefined();
    await page.close();
  });
});
