// What the merchant sees when something goes wrong or is out of place: /login while signed in
// goes to the dashboard; an ended session lands on /login saying so; dashboard figures that
// fail to load show the error and a Retry, never zeros that look real.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { sessionToken } from './support/visitor-log.js';

describe('recovering from errors', () => {
  let f: Fixture;
  let page: Page;

  beforeAll(async () => {
    ({ f, page } = await setUpPremiumMerchant());
  });
  afterAll(() => tearDown(f));

  it('sends a signed-in merchant from /login to the dashboard', async () => {
    await page.goto(`${f.stack.appUrl}/login`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByText('Hi, Demo Store').waitFor();
  });

  it('shows the error and Retry when the dashboard figures fail, then the figures', async () => {
    const failing = `${f.stack.appUrl}/api/dashboard/getDashboardData**`;
    await page.route(failing, (route: Route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto(`${f.stack.appUrl}/dashboard`);
    const banner = page.getByText("The dashboard's figures could not be loaded");
    await banner.waitFor();
    await screenshot(page, 'dashboard-load-failed');
    expect(await page.getByRole('region', { name: 'Country Blocker' }).count()).toBe(0);

    await page.unroute(failing);
    await page.getByRole('button', { name: 'Retry' }).click();
    const card = page.getByRole('region', { name: 'Country Blocker' });
    await card.waitFor();
    await expect.poll(() => card.getByText('0', { exact: true }).isVisible()).toBe(true);
    expect(await banner.count()).toBe(0);
  });

  it('says the session expired when the server ended it', async () => {
    const token = await sessionToken(f);
    const out = await fetch(`${f.stack.appUrl}/api/account/logout`, {
      method: 'POST',
      headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.ok).toBe(true);
    await page.goto(`${f.stack.appUrl}/settings`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your session expired').waitFor();
    await screenshot(page, 'login-session-expired');
    expect(await page.getByText('Please sign in again to continue.').isVisible()).toBe(true);
  });
});
