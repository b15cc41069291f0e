// Country flags are drawn as images wherever a country is shown (the Country Blocker's list and
// chips, the visitor log and its country filter, the IP lookup), never as emoji that some
// systems draw as two letters or an empty box.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';
import { waitForLoggedVisits } from './support/visitor-log.js';

const GERMANY = '88.198.0.1';

/** The flag image inside `where`, once it has loaded: its drawn and natural widths. */
async function flagIn(where: Locator): Promise<{ width: number; natural: number; tag: string }> {
  const flag = where.locator('img.gh-flag').first();
  await flag.waitFor();
  await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  return flag.evaluate((img: HTMLImageElement) => ({
    width: img.getBoundingClientRect().width,
    natural: img.naturalWidth,
    tag: img.tagName,
  }));
}

function expectDrawn(flag: { width: number; natural: number; tag: string }): void {
  expect(flag.tag).toBe('IMG');
  expect(flag.width).toBeGreaterThan(0);
  expect(flag.natural).toBeGreaterThan(0);
}

describe('country flags', () => {
  let f: Fixture;
  let page: Page;

  beforeAll(async () => {
    ({ f, page } = await setUpPremiumMerchant());
  });
  afterAll(() => tearDown(f));

  it('draws images in the Country Blocker list and its chips', async () => {
    await page.goto(`${f.stack.appUrl}/regionBlocker`);
    await page.getByLabel('Search countries').fill('Germany');
    const germany = page.getByLabel('Germany', { exact: true });
    await germany.check();
    expectDrawn(await flagIn(page.locator('label', { has: page.getByText('Germany') }).first()));
    expectDrawn(await flagIn(page.locator('.Polaris-Tag', { hasText: 'Germany' })));
    await screenshot(page, 'flags-country-blocker');
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it('draws images in the visitor log, its country filter and the IP lookup', async () => {
    await visitStorefront(f, `${f.stack.emulatorUrl}/shops/${DEMO}/`, GERMANY);
    await waitForLoggedVisits(f, GERMANY);
    await page.goto(`${f.stack.appUrl}/visitors`);
    const row = page.getByRole('row', { name: new RegExp(GERMANY.replace(/\./g, '\\.')) });
    await row.first().waitFor();
    expectDrawn(await flagIn(row.first()));

    await page.getByRole('button', { name: 'Country' }).click();
    await page.getByPlaceholder('Search countries').fill('Germ');
    const option = page.getByRole('button', { name: 'Germany', exact: true });
    expectDrawn(await flagIn(option));
    await screenshot(page, 'flags-visitor-log-filter');
    await option.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('country')).toBe('DE');

    await page.goto(`${f.stack.appUrl}/iplookup/${GERMANY}`);
    const country = page.getByText('Germany (DE)');
    await country.waitFor();
    expectDrawn(await flagIn(page.locator('*', { has: country }).last()));
  });
});
