// The merchant hears that the app embed turned off: with the embed on and the dashboard open,
// another theme is published in the store admin (the platform sends themes/publish); within the
// bound the dashboard shows the warning without a reload, the Extensions page shows it too,
// and the merchant's next message is the notification saying what to do. Switching the embed
// on again in the new theme clears the warning.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';

/** The dashboard asks every 30 s; the server notices within seconds of the webhook. */
const WARNING_BOUND_MS = 60_000;
const TITLE = 'The Gatehouse app embed was turned off';

interface Delivery {
  topic: string;
  status: string;
  outcome: { found?: string } | null;
}

describe('the embed turned off', () => {
  let f: Fixture;
  let page: Page;

  beforeAll(async () => {
    f = await setUp();
    page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false });
    await setAppEmbed(f.stack, false);
    await setAppEmbed(f.stack, true);
    // The server has checked the live theme after the save and seen the embed on.
    await vi.waitFor(
      async () => {
        const { deliveries } = await f.stack.support<{ deliveries: Delivery[] }>(
          `webhooks?shop=${DEMO}`,
        );
        const seenOn = deliveries.some(
          (d) =>
            d.topic === 'themes/update' && d.status === 'processed' && d.outcome?.found === 'on',
        );
        if (!seenOn) throw new Error('the server has not seen the embed on yet');
      },
      { timeout: 20_000, interval: 250 },
    );
  });
  afterAll(() => tearDown(f));

  it('shows the warning on the open dashboard within the bound after another theme is published', async () => {
    await page.goto(`${f.stack.appUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.getByTestId('embed-off-warning').count()).toBe(0);

    // The merchant adds a theme and publishes it in the store admin, in another tab.
    const admin = await f.chrome.browser.newPage();
    await admin.goto(`${f.stack.emulatorUrl}/shops/${DEMO}/admin`);
    await admin.getByRole('button', { name: 'Add Horizon' }).click();
    await admin.getByRole('button', { name: 'Publish Horizon' }).click();
    await admin.getByRole('button', { name: 'Publish Dawn' }).waitFor();
    await admin.close();
    const started = Date.now();
    await expect
      .poll(() => page.getByTestId('embed-off-warning').isVisible(), {
        timeout: WARNING_BOUND_MS,
        interval: 500,
      })
      .toBe(true);
    expect(Date.now() - started).toBeLessThan(WARNING_BOUND_MS);
    expect(await page.getByTestId('embed-off-warning').innerText()).toContain(TITLE);
    await screenshot(page, 'dashboard-embed-turned-off');
  });

  it('shows it on the Extensions page and tells the merchant in a message', async () => {
    await page.goto(`${f.stack.appUrl}/extensions`);
    await page.getByText('You have new message').waitFor({ timeout: 15_000 });
    expect(
      await page
        .getByText("The Gatehouse app embed is off in your store's live theme")
        .first()
        .isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Mark as Read' }).click();
    await expect.poll(() => page.getByText('You have new message').count()).toBe(0);
    await page.getByTestId('embed-off-warning').waitFor();
    expect(await page.getByTestId('embed-off-warning').innerText()).toContain(
      'no visitor is checked',
    );
    await screenshot(page, 'extensions-embed-turned-off');
  });

  it('clears the warning once the embed is on in the new theme', async () => {
    await setAppEmbed(f.stack, true);
    await page.goto(`${f.stack.appUrl}/dashboard`);
    await expect
      .poll(() => page.getByTestId('embed-off-warning').count(), { timeout: WARNING_BOUND_MS })
      .toBe(0);
  });
});
