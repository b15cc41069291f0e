// A merchant blocks a country; visitors from it see the block page and never the store,
// everyone else shops as usual, the store still opens when Gatehouse cannot answer, and
// Admin Access lets the merchant in from a blocked country.
import type { Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';

const GERMANY = '88.198.0.1';
const UNITED_STATES = '8.8.8.8';
const STORE_TEXT = 'Gear for the long way round';

/** Records, before every frame, whether the store's own content is visible. */
async function recordPaints(page: Page): Promise<void> {
  await page.addInitScript((storeText: string) => {
    const frames: boolean[] = [];
    (window as unknown as { __storeFrames: boolean[] }).__storeFrames = frames;
    const storeVisible = () =>
      Array.from(document.querySelectorAll('h1')).some(
        (h) =>
          (h.textContent ?? '').includes(storeText) && getComputedStyle(h).visibility === 'visible',
      );
    const tick = () => {
      frames.push(storeVisible());
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, STORE_TEXT);
}

const storeFrames = (page: Page) =>
  page.evaluate(() => (window as unknown as { __storeFrames: boolean[] }).__storeFrames);

describe('blocking a country on the storefront', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;
  /** Visitors arrive from `ip`: the decision request carries it as the proxy would. */
  const visitFrom = async (ip: string) => {
    await f.chrome.browser.route(`${f.stack.appUrl}/api/storefront/**`, (route: Route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }),
    );
  };

  beforeAll(async () => {
    f = await setUp();
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
    admin = await f.chrome.browser.newPage();
    await signIn(admin, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false, plan: 'premium' });
    await setAppEmbed(f.stack, true);
  });
  afterEach(async () => {
    await f.chrome.browser.unrouteAll({ behavior: 'ignoreErrors' });
  });
  afterAll(() => tearDown(f));

  it('lets the merchant block Germany from the Country Blocker page', async () => {
    await admin.goto(`${f.stack.appUrl}/regionBlocker`);
    await admin.getByLabel('Search countries').fill('Germany');
    await admin.getByLabel(/Germany/).check();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => admin.getByText('Country Blocker saved').first().isVisible())
      .toBe(true);
    await screenshot(admin, 'country-blocker-germany');
  });

  it('shows a visitor from Germany the block page without ever painting the store', async () => {
    await visitFrom(GERMANY);
    const page = await f.chrome.browser.newPage();
    await recordPaints(page);
    await page.goto(storefront);
    await page.locator('#gatehouse-page').waitFor();
    await screenshot(page, 'storefront-blocked');
    const frames = await storeFrames(page);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.some(Boolean)).toBe(false);
    await page.close();
  });

  it('lets a visitor from elsewhere shop as usual', async () => {
    await visitFrom(UNITED_STATES);
    const page = await f.chrome.browser.newPage();
    await page.goto(storefront);
    await expect.poll(() => page.getByRole('heading', { name: STORE_TEXT }).isVisible()).toBe(true);
    expect(await page.locator('#gatehouse-page').count()).toBe(0);
    await screenshot(page, 'storefront-allowed');
    await page.close();
  });

  it('opens the store at once when Gatehouse cannot be reached', async () => {
    await f.chrome.browser.route(`${f.stack.appUrl}/api/storefront/**`, (route: Route) =>
      route.abort(),
    );
    const page = await f.chrome.browser.newPage();
    const started = Date.now();
    await page.goto(storefront);
    await page
      .getByRole('heading', { name: STORE_TEXT })
      .waitFor({ state: 'visible', timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(8_000);
    await page.close();
  });

  it("opens the store after the merchant's time-out when the decision never comes", async () => {
    // The request hangs: no answer, no error. The page must still open on time.
    await f.chrome.browser.route(`${f.stack.appUrl}/api/storefront/**`, () => undefined);
    const page = await f.chrome.browser.newPage();
    const started = Date.now();
    await page.goto(storefront, { waitUntil: 'commit' });
    await page
      .getByRole('heading', { name: STORE_TEXT })
      .waitFor({ state: 'visible', timeout: 10_000 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(2_000);
    expect(waited).toBeLessThan(8_000);
    await page.close();
  });

  it('lets the merchant in from Germany once Admin Access marks the device', async () => {
    await visitFrom(GERMANY);
    await admin.goto(`${f.stack.appUrl}/dashboard`);
    const [popup] = await Promise.all([
      admin.waitForEvent('popup'),
      admin.getByRole('button', { name: 'Enable Admin Access' }).click(),
    ]);
    await popup.waitForURL(/idya=true/);
    await expect.poll(() => popup.getByText('Admin Access mode enabled').isVisible()).toBe(true);
    await screenshot(popup, 'storefront-admin-access-notice');
    await popup.goto(storefront);
    await expect
      .poll(() => popup.getByRole('heading', { name: STORE_TEXT }).isVisible())
      .toBe(true);
    await popup.close();
    await admin.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => admin.getByText('Admin access mode enabled').first().isVisible())
      .toBe(true);
  });
});
