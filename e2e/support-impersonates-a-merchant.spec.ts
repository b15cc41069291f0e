// Support staff open a merchant's account through a single-use personate link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';

describe('support impersonating a merchant', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp();
    // The shop must have installed Gatehouse once: sign it in through the platform.
    const page = await f.chrome.browser.newPage();
    await page.goto(`${f.stack.appUrl}/login`);
    await page.getByLabel('Shopify store url:').fill('demo');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Install' }).click();
    await page.waitForURL(`${f.stack.appUrl}/subscription`);
    await page.close();
    await f.stack.support('set', { shop: 'demo', values: { isNew: false } });
    await f.chrome.browser.clearCookies();
  });
  afterAll(() => tearDown(f));

  it('opens the dashboard with the impersonation cookie, and the link works once', async () => {
    const { url } = await f.stack.support<{ url: string }>('personate', { shop: 'demo' });
    expect(url).toMatch(new RegExp(`^${f.stack.appUrl}/personate/`));
    const page = await f.chrome.browser.newPage();
    await page.goto(url);
    await page.waitForURL(`${f.stack.appUrl}/dashboard`);
    await expect.poll(() => page.getByText('Hi, Demo Store').isVisible()).toBe(true);
    const cookies = await f.chrome.browser.cookies(f.stack.appUrl);
    expect(cookies.find((c) => c.name === '_idy_personate')?.value).toBe('1');
    await screenshot(page, 'personated-dashboard');

    await f.chrome.browser.clearCookies();
    await page.goto(url);
    await expect
      .poll(() => page.getByText('This support link is invalid or has expired.').count())
      .toBeGreaterThan(0);
    await page.close();
  });
});
