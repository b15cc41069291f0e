// The visitor log tells the truth about the past and fits the screen: a visitor blocked by a
// whitelist still reads "Country Blocker (whitelist)" after the blocker is switched back to a
// blacklist; the table fits its card at 1280 px and at 390 px with every row's quick actions in
// reach; and an address the city database puts in another country than the rules use shows
// no contradicting region and city in the lookup.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { sessionToken, waitForLoggedVisits } from './support/visitor-log.js';

const UNITED_STATES = '8.8.8.8';
const GERMANY = '88.198.0.1';
/** The country database says United States; the city database Quebec, Montreal (Canada). */
const DISAGREEING = '9.187.136.0';

describe('what decided a visit', () => {
  let f: Fixture;

  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${f.stack.appUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `bearer ${await sessionToken(f)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  };
  const saveCountries = (mode: 'whitelist' | 'blacklist', countries: string[]) =>
    api('/api/regionBlocker/save', { mode, countries, action: { type: 'block' }, monitor: false });
  const decide = async (ip: string) => {
    const url = encodeURIComponent(`https://${DEMO}/products/hat`);
    const res = await fetch(`${f.stack.appUrl}/api/storefront/decide?shop=${DEMO}&url=${url}`, {
      headers: { 'x-forwarded-for': ip },
    });
    return ((await res.json()) as { action: string }).action;
  };

  /** Nothing of the page sticks out sideways, and each row's menu button is on screen. */
  async function fitsTheScreen(page: Page) {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const width = page.viewportSize()!.width;
    const menus = page.getByRole('button', { name: /^Actions for / });
    expect(await menus.count()).toBeGreaterThan(0);
    for (const menu of await menus.all()) {
      const box = await menu.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
  }

  beforeAll(async () => {
    const merchant = await setUpPremiumMerchant();
    f = merchant.f;
    await merchant.page.close();
  });
  afterAll(() => tearDown(f));

  it('keeps "whitelist" on a row after the blocker is switched to blacklist', async () => {
    await saveCountries('whitelist', ['DE']);
    expect(await decide(UNITED_STATES)).toBe('block');
    expect(await decide(GERMANY)).toBe('allow');
    expect(await decide(DISAGREEING)).toBe('block');
    await waitForLoggedVisits(f, UNITED_STATES);
    await waitForLoggedVisits(f, DISAGREEING);
    await saveCountries('blacklist', []);

    const page = await f.chrome.browser.newPage();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${f.stack.appUrl}/visitors`);
      await page.getByRole('link', { name: UNITED_STATES }).first().waitFor();
      await expect
        .poll(() => page.getByText('Country Blocker (whitelist)').count())
        .toBeGreaterThanOrEqual(2);
      expect(await page.getByText('Country Blocker (blacklist)').count()).toBe(0);
      // The city database's Montreal is not shown next to the United States.
      expect(await page.getByText(/Montreal/).count()).toBe(0);
      await fitsTheScreen(page);
      await screenshot(page, `visitor-log-facts-${width}`);
    }
    await page.close();
  });

  it('shows no region or city that contradicts the country in the lookup', async () => {
    const page = await f.chrome.browser.newPage();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${f.stack.appUrl}/iplookup/${DISAGREEING}`);
      // The first lookup loads the city data (about 130 MB) once.
      await page.getByText('What your rules decide', { exact: true }).waitFor({ timeout: 45_000 });
      await page.getByText(/The city database places this address in Canada/).waitFor();
      expect(await page.getByText('United States').count()).toBeGreaterThan(0);
      expect(await page.getByText(/Montreal|Quebec/).count()).toBe(0);
      await page.getByText(/Country from geo-whois-asn-country/).waitFor();
      await screenshot(page, `ip-lookup-disagreeing-${width}`);
    }
    await page.close();
  });
});
