// A shopper blocked by the Country Blocker sees, under the merchant's block page text, why in
// plain words (the kind of reason, not the rule), the store's contact address and a reference
// to quote; the merchant types that reference into the visitor log's search field and finds
// that shopper's visit alone. Looked at on a desktop screen (1280 px) and a phone (390 px).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpMerchantBlockingGermany } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';
import { waitForLoggedVisits } from './support/visitor-log.js';

const SHOPPER = '88.198.0.1';
const NEIGHBOUR = '88.198.0.2';
/** The demo store's customer-facing email on the platform. */
const STORE_EMAIL = 'hello@demo-store.example';

/** The block page's lines under the merchant's text, as the shopper reads them. */
const noticeLines = (page: Page) =>
  page.$$eval('#gatehouse-page dt', (terms) =>
    terms.map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`),
  );

describe("a blocked shopper's way forward", () => {
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

  it('tells the shopper why, whom to write to and what to quote, and the log finds the visit', async () => {
    let lines: string[] = [];
    const blocked = await visitStorefront(f, storefront, SHOPPER, async (page) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      lines = await noticeLines(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
      expect(await page.getByRole('link', { name: STORE_EMAIL }).getAttribute('href')).toMatch(
        /^mailto:hello@demo-store\.example\?subject=Blocked%20visit%20/,
      );
      await screenshot(page, 'block-page-notice-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      // Nothing runs off the side of a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await screenshot(page, 'block-page-notice-390');
    });
    expect(blocked).toBe(true);
    expect(lines[0]).toBe('Reason: your country or region');
    expect(lines[1]).toBe(`Contact the store: ${STORE_EMAIL}`);
    const reference = /^Reference: (\w{5}-\w{5}) \(quote it when you contact the store\)$/.exec(
      lines[2] ?? '',
    )?.[1];
    expect(reference, lines.join(' | ')).toBeDefined();
    // Nothing of the rule itself: no country code or list.
    expect(lines.join(' ')).not.toMatch(/Germany|\bDE\b|blacklist/i);

    // Another shopper from the same country, blocked just after.
    expect(await visitStorefront(f, storefront, NEIGHBOUR)).toBe(true);
    await waitForLoggedVisits(f, SHOPPER, 1, (v) => v.action === 'block');
    await waitForLoggedVisits(f, NEIGHBOUR, 1, (v) => v.action === 'block');

    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await admin.goto(`${f.stack.appUrl}/visitors`);
      await admin.getByRole('link', { name: NEIGHBOUR }).first().waitFor();
      // As a shopper might write it down: lower case, no dash.
      await admin
        .getByPlaceholder("Filter by IP address or CIDR range, or a blocked visit's reference")
        .fill(reference!.toLowerCase().replace('-', ' '));
      await expect.poll(() => admin.getByRole('link', { name: NEIGHBOUR }).count()).toBe(0);
      await expect.poll(() => admin.getByRole('link', { name: SHOPPER }).count()).toBe(1);
      expect(admin.url()).toContain('ref=');
      await screenshot(admin, `visitor-log-by-reference-${width}`);
    }
  });
});
