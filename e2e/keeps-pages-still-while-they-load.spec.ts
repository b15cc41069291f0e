// A merchant opening a page sees nothing jump while it fills in: the navigation, the bars above
// the page, the page's own skeleton and the footer stay where they first appear. Every shift of
// layout the merchant did not cause, added up from the page's start until its data is shown,
// stays within Built for Shopify's limit (CLS 0.1), on its own and inside the Shopify admin.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './support/account-state.js';
import { setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';

const EMBEDDED_HANDLE = 'steady-frame';
const EMBEDDED_SHOP = `${EMBEDDED_HANDLE}.myshopify.com`;
const PAGES = ['dashboard', 'regionBlocker', 'settings', 'visitors', 'blacklists', 'extensions'];
const LIMIT = 0.1;
const TURNED_OFF = 'The Gatehouse app embed was turned off';
const OFF_WARNING = 'What your store gets while the app embed is off';

interface Delivery {
  topic: string;
  status: string;
  outcome: { found?: string } | null;
}

/** Adds up, in every page and frame, the layout shifts no input caused. */
function countShifts() {
  const w = window as { unexpectedShifts?: number };
  w.unexpectedShifts = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) w.unexpectedShifts! += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The shifts of `app` once its page title is shown, nothing is loading and the network is quiet. */
async function shiftsOnceLoaded(app: Page | Frame): Promise<number> {
  await app.locator('h1').first().waitFor();
  await app.waitForFunction(
    () => !document.querySelector('[class*="Polaris-Skeleton"], .Polaris-Frame-Loading'),
  );
  await app.waitForLoadState('networkidle');
  return app.evaluate(() => (window as { unexpectedShifts?: number }).unexpectedShifts ?? NaN);
}

describe('pages that keep still while they load', () => {
  let f: Fixture;

  /** A new page whose calls to `paths` (the app embed's status by default) wait until `release()`. */
  async function pageHoldingEmbedStatus(paths = ['/api/account/getExtensionEnabned']) {
    const page = await f.chrome.browser.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    for (const path of paths) {
      await page.route(`**${path}`, async (route) => {
        await held;
        await route.continue();
      });
    }
    return { page, release };
  }

  /** How many of the demo shop's theme webhooks the server's embed check answered `found`. */
  async function themeChecks(found: string): Promise<number> {
    const { deliveries } = await f.stack.support<{ deliveries: Delivery[] }>(
      `webhooks?shop=${DEMO}`,
    );
    return deliveries.filter((d) => d.topic === 'themes/update' && d.outcome?.found === found)
      .length;
  }

  /** Switches the demo shop's embed and waits until the server's check answered `found`. */
  async function switchEmbedSeen(enabled: boolean, found: string) {
    const before = await themeChecks(found);
    await setAppEmbed(f.stack, enabled);
    await vi.waitFor(async () => expect(await themeChecks(found)).toBeGreaterThan(before), {
      timeout: 20_000,
      interval: 250,
    });
  }

  beforeAll(async () => {
    f = await setUp({}, { emulatorHostName: 'localhost' });
    await f.chrome.browser.addInitScript(countShifts);
    const page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl);
    await setFlags(f.stack, { plan: 'premium', isNew: false });
    await page.close();
    const install = await fetch(
      `${f.stack.emulatorUrl}/_emulator/shops/${EMBEDDED_SHOP}/managed-install`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    );
    expect(install.status).toBe(200);
    const admin = await f.chrome.browser.newPage();
    await admin.goto(`${f.stack.emulatorUrl}/shops/${EMBEDDED_SHOP}/admin/apps/gatehouse`);
    await admin.frameLocator('#app-frame').getByText('Start Free Trial').first().waitFor();
    await setFlags(f.stack, { plan: 'premium', isNew: false }, EMBEDDED_HANDLE);
    await admin.close();
  });
  afterAll(() => tearDown(f));

  it.each(PAGES)('/%s on its own', async (path) => {
    const page = await f.chrome.browser.newPage();
    await page.goto(`${f.stack.appUrl}/${path}`);
    expect(await shiftsOnceLoaded(page)).toBeLessThanOrEqual(LIMIT);
    await page.close();
  });

  it('/dashboard under the Action Required bar, its place kept while the app embed is read again', async () => {
    await setAppEmbed(f.stack, false);
    // This browser reads the embed off once; on the next load it expects the bar.
    const first = await f.chrome.browser.newPage();
    await first.goto(`${f.stack.appUrl}/dashboard`);
    await first.locator('.gh-action-required[data-placeholder="false"]').waitFor();
    await first.close();
    // The embed's status is held back until the page shows its data: the bar comes last.
    const { page, release } = await pageHoldingEmbedStatus();
    await page.goto(`${f.stack.appUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('[class*="Polaris-Skeleton"]'));
    release();
    await page.locator('.gh-action-required[data-placeholder="false"]').waitFor();
    // A bar that came late would move the whole page down by its height, a shift of about 0.06
    // (under the limit, as the distance counts against the screen's width): here nothing moves.
    expect(await shiftsOnceLoaded(page)).toBeLessThan(0.01);
    await page.close();
    await setAppEmbed(f.stack, true);
  });

  it('/extensions after the app embed turned off, both warnings laid out before the guide is shown', async () => {
    // The server sees the embed on, then sees it turn off: the page has both its warnings.
    await setAppEmbed(f.stack, false);
    await switchEmbedSeen(true, 'on');
    await switchEmbedSeen(false, 'turnedOff');
    // A browser that never read this store's embed, whose reads of it are held back.
    const { page, release } = await pageHoldingEmbedStatus([
      '/api/account/getExtensionEnabned',
      '/api/extensions/getAppEmbedWarning',
    ]);
    await page.addInitScript(() => window.localStorage.clear());
    await page.goto(`${f.stack.appUrl}/extensions`);
    await page.getByRole('heading', { name: 'Gatehouse Extension' }).first().waitFor();
    await page.locator('[class*="Polaris-Skeleton"]').first().waitFor();
    expect(await page.getByText('How to activate it, step by step').count()).toBe(0);
    release();
    await page.getByText(OFF_WARNING).waitFor();
    await page.getByText(TURNED_OFF).waitFor();
    await page.getByText('Off', { exact: true }).waitFor();
    // Either warning coming after the guide would push it down by its height (0.11 on its own,
    // more inside the admin's frame): here nothing moves.
    expect(await shiftsOnceLoaded(page)).toBeLessThan(0.01);
    await page.close();
    await setAppEmbed(f.stack, true);
  });

  it.each(PAGES)('/%s inside the Shopify admin', async (path) => {
    const admin = await f.chrome.browser.newPage();
    await admin.goto(`${f.stack.emulatorUrl}/shops/${EMBEDDED_SHOP}/admin/apps/gatehouse/${path}`);
    await admin.frameLocator('#app-frame').locator('h1').first().waitFor();
    const app = admin.frames().find((frame) => frame.url().startsWith(f.stack.appUrl))!;
    expect(await shiftsOnceLoaded(app)).toBeLessThanOrEqual(LIMIT);
    await admin.close();
  });
});
