// A merchant installs Gatehouse from the platform's app listing and uses it inside the admin:
// no sign-in, no cookie of the app's (the admin is on localhost, the app on 127.0.0.1, another
// site), a CSV export downloads from the frame, the theme editor opens outside it to switch the
// app embed on, the plan is confirmed on the platform's page at the top level and the merchant comes
// back into the admin, the admin's nav menu and title bar come from the app, a blocker is saved with the
// admin's own toast, the visitor log lists a visit, and a session token the server refuses is
// replaced by a new one without the merchant noticing.
import { readFile } from 'node:fs/promises';
import type { FrameLocator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppEmbed } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { visitStorefront } from './support/storefront-visit.js';

const HANDLE = 'framed-outfitters';
const SHOP = `${HANDLE}.myshopify.com`;
const VISITOR = '8.8.4.4';
const SCRAPER = '203.0.113.7';

describe('Gatehouse inside the Shopify admin', () => {
  let f: Fixture;
  let admin: Page;
  let app: FrameLocator;

  async function sessionToken(): Promise<string> {
    const res = await fetch(`${f.stack.emulatorUrl}/_emulator/shops/${SHOP}/session-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return ((await res.json()) as { token: string }).token;
  }

  async function chooseInAdminMenu(label: string): Promise<void> {
    await admin.locator('#app-nav-items').getByRole('button', { name: label, exact: true }).click();
    await expect.poll(() => admin.locator('#app-title').textContent()).toBe(label);
  }

  beforeAll(async () => {
    f = await setUp({}, { emulatorHostName: 'localhost' });
    expect(new URL(f.stack.emulatorUrl).hostname).toBe('localhost');
    expect(new URL(f.stack.appUrl).hostname).toBe('127.0.0.1');
    admin = await f.chrome.browser.newPage();
    app = admin.frameLocator('#app-frame');
  });
  afterAll(() => tearDown(f));

  it('installs from the app listing straight into the embedded app, without a cookie', async () => {
    await admin.goto(`${f.stack.emulatorUrl}/shops/${SHOP}/admin/app-store/gatehouse`);
    await admin.getByRole('button', { name: 'Install' }).click();
    await admin.waitForURL(`${f.stack.emulatorUrl}/shops/${SHOP}/admin/apps/gatehouse`);
    // A new store chooses a plan first, inside the frame; the platform's confirmation page
    // opens at the top level and Approve leads back into the admin's frame.
    await app
      .locator('[data-plan="premium"]')
      .getByRole('button', { name: 'Start Free Trial' })
      .click();
    await admin.waitForURL(/\/admin\/charges\/\d+\/confirm/);
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.waitForURL(
      (url) =>
        url.pathname === `/shops/${SHOP}/admin/apps/gatehouse/subscription` &&
        url.searchParams.get('outcome') === 'activated',
    );
    await expect.poll(() => app.getByText('Your Premium plan is active.').isVisible()).toBe(true);
    await screenshot(admin, 'embedded-plan-active');
    await chooseInAdminMenu('Dashboard');
    await app.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    // The app's nav menu is the admin's: the side navigation's items, no app chrome of its own.
    await expect
      .poll(() => admin.locator('#app-nav-items button').allTextContents())
      .toEqual(
        expect.arrayContaining([
          'Dashboard',
          'Shop Visitor Logs',
          'Country Blocker',
          'Bot Blocker',
          'FAQ',
        ]),
      );
    expect(await app.locator('nav').count()).toBe(0);
    expect(await f.chrome.browser.cookies(f.stack.appUrl)).toEqual([]);
    await screenshot(admin, 'embedded-dashboard');
  });

  it("shows the Action Required bar at the frame's top edge to edge, scrolled or not, at 1280 and 390 px", async () => {
    const bar = app.locator('.gh-action-required');
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 800 });
      await bar.waitFor();
      const frame = await admin.locator('#app-frame').boundingBox();
      const box = async () => (await bar.boundingBox())!;
      // Nothing above it but the admin's own chrome, and as wide as the frame.
      await expect.poll(async () => Math.round((await box()).y - frame!.y)).toBe(0);
      const inner = await app.locator('html').evaluate(() => document.documentElement.clientWidth);
      // (Polaris draws the banner's edge inside the last pixel.)
      expect((await box()).x - frame!.x).toBeLessThanOrEqual(1);
      expect((await box()).width).toBeGreaterThanOrEqual(inner - 1);
      await screenshot(admin, `embedded-action-required-${width}`);
      await app.locator('html').evaluate(() => window.scrollTo(0, 400));
      await expect.poll(async () => Math.round((await box()).y - frame!.y)).toBe(0);
      await screenshot(admin, `embedded-action-required-scrolled-${width}`);
      await app.locator('html').evaluate(() => window.scrollTo(0, 0));
    }
    await admin.setViewportSize({ width: 1280, height: 800 });
  });

  it("saves a blocker from the admin's menu, told by the admin's toast", async () => {
    await chooseInAdminMenu('Country Blocker');
    await app.getByLabel('Search countries').fill('Germany');
    await app.getByLabel(/Germany/).check();
    await app.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.locator('#toasts').getByText('Country Blocker saved').waitFor();
    await screenshot(admin, 'embedded-blocker-saved');
    expect(await f.chrome.browser.cookies(f.stack.appUrl)).toEqual([]);
  });

  it('lists a storefront visit in the visitor log', async () => {
    await setAppEmbed(f.stack, true, SHOP);
    expect(await visitStorefront(f, `${f.stack.emulatorUrl}/shops/${SHOP}/`, VISITOR)).toBe(false);
    await f.chrome.browser.unrouteAll({ behavior: 'ignoreErrors' });
    // Visits are written in batches: wait until the log holds it, through the API as the page reads it.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${f.stack.appUrl}/api/visitors/list?ip=${VISITOR}`, {
            headers: { authorization: `Bearer ${await sessionToken()}` },
          });
          return ((await res.json()) as { visits: unknown[] }).visits.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await chooseInAdminMenu('Shop Visitor Logs');
    await app.getByRole('link', { name: VISITOR }).first().waitFor();
    await screenshot(admin, 'embedded-visitor-log');
  });

  it('exports the IP Blocker list as CSV from inside the frame', async () => {
    const added = await fetch(`${f.stack.appUrl}/api/ipBlocker/add`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await sessionToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ip: SCRAPER }),
    });
    expect(added.status, await added.text()).toBe(200);
    await chooseInAdminMenu('IP Blocker');
    await app.getByText(SCRAPER).first().waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      app.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ip-blocker.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines.map((line) => line.split(',')[0])).toEqual(['ip', SCRAPER]);
  });

  it('activates the app embed in the theme editor, opened outside the frame', async () => {
    await setAppEmbed(f.stack, false, SHOP);
    await chooseInAdminMenu('Gatehouse Extension');
    const status = async () =>
      (await app.getByTestId('embed-status').innerText()).trim().split('\n').at(-1);
    await expect.poll(status, { timeout: 10_000 }).toBe('Off');
    const editorOpened = f.chrome.browser.waitForEvent('page');
    await app.getByRole('button', { name: 'Activate in Theme Editor' }).click();
    const editor = await editorOpened;
    await editor.getByText('App embed activated. Save to publish.').waitFor();
    expect(editor.url()).toContain(`/shops/${SHOP}/admin/themes/current/editor`);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('On in the published theme').waitFor();
    await editor.close();
    await expect.poll(status, { timeout: 20_000, interval: 250 }).toBe('On');
  });

  it('recovers from an expired or forged session token by asking App Bridge for a new one', async () => {
    const minted = await fetch(`${f.stack.emulatorUrl}/_emulator/shops/${SHOP}/session-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date(Date.now() - 10 * 60_000).toISOString() }),
    });
    const expired = ((await minted.json()) as { token: string }).token;
    // The next signed API call of the page is sent with the bad token in place of its own, once.
    for (const bad of [expired, 'e30.e30.forged']) {
      let replaced = false;
      const refused: number[] = [];
      await f.chrome.browser.route(`${f.stack.appUrl}/api/**`, async (route: Route) => {
        // Public calls (the version check) carry no token.
        if (replaced || !route.request().headers().authorization) return route.continue();
        replaced = true;
        const headers = { ...route.request().headers(), authorization: `Bearer ${bad}` };
        const response = await route.fetch({ headers });
        refused.push(response.status());
        return route.fulfill({ response });
      });
      // The merchant opens the Country Blocker's address in the admin: the app loads afresh.
      await admin.goto(`${f.stack.emulatorUrl}/shops/${SHOP}/admin/apps/gatehouse/regionBlocker`);
      // The saved country is listed again: the page's calls went through.
      await app.getByLabel('Search countries').waitFor();
      await app.getByText('Germany').first().waitFor();
      expect(refused).toEqual([401]);
      expect(await admin.locator('#toasts .toast.error').count()).toBe(0);
      await f.chrome.browser.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});
