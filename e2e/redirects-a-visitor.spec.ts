// A merchant sends visitors from Germany and the United States to another store with
// Geolocation Redirects: on the emulator's demo store a visitor from Germany lands on the same
// page and query of the target, once per browser session; with "Ask the visitor first" the
// store shows with the question and the answer decides; a search engine's crawler is never
// sent away. The target store is answered by the browser itself (no site outside the machine).
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { STORE_TEXT } from './support/storefront-visit.js';

const GERMANY = '88.198.0.1';
/** An address of Google's crawler network. */
const GOOGLEBOT_IP = '66.249.66.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TARGET = 'https://eu.gatehouse-demo.test';

describe('geolocation redirects on the storefront', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;
  /** Every page of the target store the browser asked for. */
  const arrivals: string[] = [];

  /** Visitors arrive from `ip` (and with `userAgent`): the decision request carries them. */
  const visitFrom = async (ip: string, userAgent?: string) => {
    await f.chrome.browser.route(`${f.stack.appUrl}/api/storefront/**`, (route: Route) =>
      route.continue({
        headers: {
          ...route.request().headers(),
          'x-forwarded-for': ip,
          ...(userAgent ? { 'user-agent': userAgent } : {}),
        },
      }),
    );
    await f.chrome.browser.route(`${TARGET}/**`, (route: Route) => {
      arrivals.push(route.request().url());
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>EU store</title><h1>The EU store</h1>',
      });
    });
  };

  const saveRedirects = async () => {
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => admin.getByText('Redirects saved').first().isVisible()).toBe(true);
  };

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant());
    await admin.setViewportSize({ width: 1280, height: 900 });
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}`;
  });
  afterEach(async () => {
    arrivals.length = 0;
    await f.chrome.browser.unrouteAll({ behavior: 'ignoreErrors' });
  });
  afterAll(() => tearDown(f));

  it('lets the merchant send Germany and the United States to the EU store', async () => {
    await admin.goto(`${f.stack.appUrl}/redirect`);
    await admin.getByRole('button', { name: 'Add a redirect' }).click();
    for (const country of ['Germany', 'United States']) {
      await admin.getByLabel('Add a country').fill(country);
      await admin.getByRole('button', { name: `Add ${country}`, exact: true }).click();
    }
    await admin.getByLabel('Send them to').fill(TARGET);
    expect(await admin.getByLabel('Keep the page they asked for').isChecked()).toBe(true);
    await saveRedirects();
    await screenshot(admin, 'geo-redirects-saved');
  });

  it('sends a visitor from Germany to the same page and query on the target, once', async () => {
    await visitFrom(GERMANY);
    const page = await f.chrome.browser.newPage();
    const path = `/shops/${DEMO}/products/ridgeline-2-tent?variant=2&utm_source=news`;
    await page.goto(`${f.stack.emulatorUrl}${path}`, { waitUntil: 'commit' });
    await page.waitForURL(`${TARGET}${path}`);
    await page.getByRole('heading', { name: 'The EU store' }).waitFor();
    expect(arrivals).toEqual([`${TARGET}${path}`]);

    // Back on the store in the same session: no second redirect.
    await page.goto(`${storefront}/`);
    await expect.poll(() => page.getByRole('heading', { name: STORE_TEXT }).isVisible()).toBe(true);
    await page.waitForLoadState('load');
    expect(page.url()).toBe(`${storefront}/`);
    expect(arrivals).toHaveLength(1);
    await page.close();
  });

  it('never sends a search engine crawler away', async () => {
    await visitFrom(GOOGLEBOT_IP, GOOGLEBOT);
    const page = await f.chrome.browser.newPage();
    const decided = page.waitForResponse((r) => r.url().includes('/api/storefront/decide'));
    await page.goto(`${storefront}/collections/all?page=2`);
    expect((await (await decided).json()) as unknown).toMatchObject({ action: 'allow' });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Products', exact: true }).isVisible())
      .toBe(true);
    expect(page.url()).toBe(`${storefront}/collections/all?page=2`);
    expect(await page.locator('#gatehouse-prompt').count()).toBe(0);
    expect(arrivals).toEqual([]);
    await page.close();
  });

  it('asks first when the merchant chooses so, and follows the answer', async () => {
    await admin.goto(`${f.stack.appUrl}/redirect`);
    // Polaris draws its own radio over the input: the merchant clicks the choice's words.
    await admin.getByText('Ask the visitor first', { exact: true }).click();
    expect(await admin.getByLabel('Ask the visitor first').isChecked()).toBe(true);
    await saveRedirects();

    await visitFrom(GERMANY);
    const page = await f.chrome.browser.newPage();
    await page.goto(`${storefront}/`);
    const dialog = page.getByRole('dialog', { name: 'Looks like you are visiting from abroad' });
    await dialog.waitFor();
    // The store shows behind the question, and nobody has been sent anywhere yet.
    expect(await page.getByRole('heading', { name: STORE_TEXT }).isVisible()).toBe(true);
    expect(arrivals).toEqual([]);
    await screenshot(page, 'storefront-redirect-prompt');

    await dialog.getByRole('button', { name: 'Go to the local store' }).click();
    await page.waitForURL(`${TARGET}/shops/${DEMO}/`);
    expect(arrivals).toEqual([`${TARGET}/shops/${DEMO}/`]);
    await page.close();
  });
});
