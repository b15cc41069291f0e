// A shopper the Country Blocker turns away asks for access from the block page (an email and
// why); the merchant finds the request above the visitor log, with the visit it came from and
// the rule that blocked it, allows the address in one click, and the shopper gets into the
// store; the dashboard says a request waits. On a desktop screen and a phone.
import type { Page } from 'playwright-core';
import { accessRequestMessages } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpMerchantBlockingGermany, shows } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';

const SHOPPER = '88.198.0.7';
const EMAIL = 'traveller@example.com';
const WHY = 'I live in Berlin and buy from you every month.';

describe('a blocked shopper asks for access', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;

  beforeAll(async () => {
    ({
      f,
      page: admin,
      storefront,
    } = await setUpMerchantBlockingGermany({
      width: 1280,
      height: 900,
    }));
  });
  afterAll(() => tearDown(f));

  it('sends a request from the block page', async () => {
    let said = '';
    const blocked = await visitStorefront(f, storefront, SHOPPER, async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByLabel('Your email').fill(EMAIL);
      await page.getByLabel('Why you need access').fill(WHY);
      await screenshot(page, 'access-request-form-390');
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.getByText(accessRequestMessages.sent).waitFor();
      said = (await page.getByRole('status').textContent()) ?? '';
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, 'access-request-sent-1280');
    });
    expect(blocked).toBe(true);
    expect(said).toBe(accessRequestMessages.sent);
  });

  it('tells the merchant on the dashboard, which leads to the visitor log', async () => {
    await admin.goto(`${f.stack.appUrl}/dashboard`);
    await shows(admin, 'A blocked shopper asked to be let in');
    await screenshot(admin, 'access-request-on-dashboard-1280');
    await admin.getByRole('button', { name: 'Read in the visitor log' }).click();
    await admin.waitForURL((url) => url.pathname === '/visitors');
    await admin.getByText(EMAIL).waitFor();
  });

  it('shows the merchant the request above the visitor log, and allows the address', async () => {
    for (const width of [390, 1280]) {
      await admin.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await admin.goto(`${f.stack.appUrl}/visitors`);
      await admin.getByText(EMAIL).waitFor();
      await admin.getByText(WHY).waitFor();
      // The rule that turned the shopper away, in the visitor log's words.
      await admin.getByText('Blocked by Country Blocker (blacklist)').waitFor();
      await screenshot(admin, `access-request-in-visitor-log-${width}`);
    }
    await admin.getByRole('button', { name: `Allow ${SHOPPER}` }).click();
    await expect.poll(() => admin.getByText('Allowed', { exact: true }).count()).toBe(1);
    await admin.goto(`${f.stack.appUrl}/whiteLists`);
    await shows(admin, SHOPPER);
  });

  it('lets the shopper in once allowed', async () => {
    await expect
      .poll(() => visitStorefront(f, storefront, SHOPPER), { timeout: 30_000 })
      .toBe(false);
  });
});
