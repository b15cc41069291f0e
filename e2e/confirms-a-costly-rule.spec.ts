// A merchant sees what a Country Blocker change would have done to the store's visits of the
// last 7 days before saving it, and is asked first when the change would block the country
// they are in: blacklisting it, or flipping to a whitelist of other countries. Cancel keeps
// everything as it was; "Save anyway" saves, and the summary is measured again against the rules
// then in force. The Referrer Blocker shows one summary at a time.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { shows } from './support/merchant.js';
import { signIn } from './support/sign-in.js';

const GERMANY = '88.198.0.1';
const UNITED_STATES = '8.8.8.8';

/** One storefront decision from `ip`, as the storefront script asks it. */
async function visitFrom(f: Fixture, ip: string, path: string): Promise<void> {
  const query = new URLSearchParams({ shop: DEMO, url: `https://${DEMO}${path}`, ref: '' });
  const res = await fetch(`${f.stack.appUrl}/api/storefront/decide?${query}`, {
    headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 Chrome/126.0' },
  });
  expect(res.status).toBe(200);
}

const costLine = (page: Page) => page.getByTestId('rule-cost').first();

describe('the cost of a Country Blocker change', () => {
  let f: Fixture;
  let admin: Page;

  beforeAll(async () => {
    f = await setUp();
    admin = await f.chrome.browser.newPage();
    await signIn(admin, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false, plan: 'premium' });
    await setAppEmbed(f.stack, true);
    for (const path of ['/', '/products/hat', '/cart']) await visitFrom(f, GERMANY, path);
    await visitFrom(f, UNITED_STATES, '/');
    // The merchant works from Germany: the admin's calls arrive through the proxy from there.
    await admin.route(`${f.stack.appUrl}/api/**`, (route: Route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': GERMANY } }),
    );
  });
  afterAll(() => tearDown(f));

  it('shows what blacklisting Germany would have blocked, and asks before saving', async () => {
    await admin.goto(`${f.stack.appUrl}/regionBlocker`);
    await admin.getByLabel('Search countries').fill('Germany');
    await admin.getByLabel(/Germany/).check();
    // The visits are written in batches: the line counts them once they are stored.
    await expect
      .poll(async () => (await costLine(admin).textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/^Would have blocked 3 visits \(1 visitor\) in the last 7 days\.$/);
    await expect
      .poll(() => admin.getByText('See these visits in the visitor log').isVisible())
      .toBe(true);
    await screenshot(admin, 'rule-cost-country-blacklist');

    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await expect
      .poll(() =>
        dialog
          .getByText(
            'Every visitor from Germany, the country you are in now, would be blocked, you included.',
          )
          .isVisible(),
      )
      .toBe(true);
    await screenshot(admin, 'rule-cost-confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Held: nothing was saved, the change is still there to save.
    expect(await admin.getByText('Country Blocker saved').count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Save', exact: true }).isVisible()).toBe(true);

    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await expect
      .poll(() => admin.getByText('Country Blocker saved').first().isVisible())
      .toBe(true);
    // Measured again against the rules now saved: the change is in force, nothing more to block.
    await expect
      .poll(async () => (await costLine(admin).textContent()) ?? '', { timeout: 15_000 })
      .toMatch(
        /^Would not have changed what happened to any of the 4 visits of the last 7 days\.$/,
      );
    await shows(admin, 'As they are, these rules blocked 3 visits (1 visitor).');
  });

  it('shows one summary on the Referrer Blocker: the entry typed, or the action changed', async () => {
    const summaries = () => admin.getByTestId('rule-cost');
    await admin.goto(`${f.stack.appUrl}/referrerBlocker`);
    await admin.getByLabel('Referrer domains').waitFor();
    expect(await admin.getByText('What this change would have done').count()).toBe(0);
    await admin.getByLabel('Referrer domains').fill('spam.example');
    await expect.poll(() => summaries().count(), { timeout: 15_000 }).toBe(1);
    await screenshot(admin, 'rule-cost-referrer-one-summary');
    await admin.getByLabel('Referrer domains').fill('');
    await expect.poll(() => summaries().count()).toBe(0);
    await admin.getByText('Monitor only: log would-be blocks, let visitors in').click();
    await expect.poll(() => summaries().count(), { timeout: 15_000 }).toBe(1);
    await admin.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => summaries().count()).toBe(0);
  });

  it('asks before a whitelist of other countries blocks Germany', async () => {
    await admin.goto(`${f.stack.appUrl}/regionBlocker`);
    await admin.getByLabel('Search countries').fill('Germany');
    await admin.getByRole('checkbox', { name: 'Germany' }).uncheck();
    // Unblocking Germany asks nothing.
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => admin.getByRole('button', { name: 'Save', exact: true }).isVisible())
      .toBe(false);
    await admin.getByText('Whitelist', { exact: true }).click();
    await admin.getByLabel('Search countries').fill('France');
    await admin.getByRole('checkbox', { name: 'France' }).check();
    await expect
      .poll(async () => (await costLine(admin).textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/^Would have blocked 4 visits \(2 visitors\) in the last 7 days\.$/);
    await screenshot(admin, 'rule-cost-country-whitelist');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() =>
        admin
          .getByRole('dialog')
          .getByText(/Every visitor from Germany/)
          .isVisible(),
      )
      .toBe(true);
    await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });
});
