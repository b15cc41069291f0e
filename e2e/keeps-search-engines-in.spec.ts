// A merchant who blocks the United States unticks "Always let verified search engines in" in
// General Settings: before anything is saved, a dialog says that Googlebot's visits of the last
// 7 days would then have been blocked, and how many (and when they cannot be counted, it still
// warns). Cancel keeps the switch saved on; "Turn off anyway" saves it off.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';
import { sessionToken, waitForLoggedVisits } from './support/visitor-log.js';

/** An address of Google's crawler network. */
const GOOGLEBOT_IP = '66.249.66.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('the pass for verified search engines', () => {
  let f: Fixture;
  let admin: Page;
  const passBox = () => admin.getByLabel('Always let verified search engines in');
  const dialog = () => admin.getByRole('dialog');

  /** The switch as the server has it saved. */
  async function savedSwitch(): Promise<boolean> {
    const res = await fetch(`${f.stack.appUrl}/api/settings/get`, {
      headers: { authorization: `bearer ${await sessionToken(f)}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { allowVerifiedCrawlers: boolean }).allowVerifiedCrawlers;
  }

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
  });
  afterAll(() => tearDown(f));

  it('blocks the United States while Googlebot, from there, still gets in', async () => {
    await admin.goto(`${f.stack.appUrl}/regionBlocker`);
    await admin.getByLabel('Search countries').fill('United States');
    await admin.getByRole('checkbox', { name: 'United States', exact: true }).check();
    await clickAndAwait(admin, 'Save', '/api/regionBlocker');
    for (const path of ['/', '/products/hat', '/collections/all']) {
      const query = new URLSearchParams({ shop: DEMO, url: `https://${DEMO}${path}`, ref: '' });
      const res = await fetch(`${f.stack.appUrl}/api/storefront/decide?${query}`, {
        headers: { 'x-forwarded-for': GOOGLEBOT_IP, 'user-agent': GOOGLEBOT },
      });
      expect(((await res.json()) as { action: string }).action).toBe('allow');
    }
    await waitForLoggedVisits(f, GOOGLEBOT_IP, 3);
  });

  it("warns with Googlebot's visits that would be blocked, and Cancel saves nothing", async () => {
    await admin.goto(`${f.stack.appUrl}/settings`);
    await passBox().uncheck();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() =>
        dialog()
          .getByText(
            /3 visits of theirs in the last 7 days would have been blocked \(Google 3\), and your pages could drop out of their search results\./,
          )
          .isVisible(),
      )
      .toBe(true);
    await screenshot(admin, 'search-engine-pass-warning');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await admin.getByText('Settings saved').count()).toBe(0);
    expect(await savedSwitch()).toBe(true);
  });

  it('saves the switch off once the merchant turns it off anyway', async () => {
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog().getByRole('button', { name: 'Turn off anyway' }).click();
    await shows(admin, 'Settings saved');
    expect(await savedSwitch()).toBe(false);
  });

  it('still warns, without a count, when the visits cannot be replayed', async () => {
    await admin.goto(`${f.stack.appUrl}/settings`);
    await passBox().check();
    await clickAndAwait(admin, 'Save', '/api/settings');
    await admin.route(`${f.stack.appUrl}/api/ruleCost/replay`, (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          Message: 'A newer change of this store is being replayed.',
          code: 'too_many_requests',
          issues: [],
        }),
      }),
    );
    await passBox().uncheck();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() =>
        dialog()
          .getByText(/could not be counted just now/)
          .isVisible(),
      )
      .toBe(true);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await admin.unroute(`${f.stack.appUrl}/api/ruleCost/replay`);
    await admin.getByRole('button', { name: 'Discard' }).click();
  });

  it('shows the warning whole on a phone', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`${f.stack.appUrl}/settings`);
    await passBox().uncheck();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() =>
        dialog()
          .getByText(/Google 3/)
          .isVisible(),
      )
      .toBe(true);
    await screenshot(admin, 'search-engine-pass-warning-phone');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });
});
