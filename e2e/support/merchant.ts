// The usual starting point of an admin browser test: the stack, and in its browser a merchant
// of the demo store signed in, on the Premium plan, with the app embed on (and the same merchant
// turning away shoppers from Germany, for the tests of what a blocked shopper can do); and the
// two ways a test waits for what the merchant did to land.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './account-state.js';
import { setUp, type Fixture } from './fixtures.js';
import { signIn } from './sign-in.js';

export async function setUpPremiumMerchant(viewport?: {
  width: number;
  height: number;
}): Promise<{ f: Fixture; page: Page }> {
  const f = await setUp();
  const page = await f.chrome.browser.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await signIn(page, f.stack.appUrl);
  await setFlags(f.stack, { isNew: false, plan: 'premium' });
  await setAppEmbed(f.stack, true);
  return { f, page };
}

/**
 * The Premium merchant who blocks Germany with the Country Blocker, saved through the admin, and
 * the address of the demo store's storefront, where a shopper from there meets the block page.
 */
export async function setUpMerchantBlockingGermany(viewport?: {
  width: number;
  height: number;
}): Promise<{ f: Fixture; page: Page; storefront: string }> {
  const { f, page } = await setUpPremiumMerchant(viewport);
  await page.goto(`${f.stack.appUrl}/regionBlocker`);
  await page.getByLabel('Search countries').fill('Germany');
  await page.getByLabel(/Germany/).check();
  await clickAndAwait(page, 'Save', '/api/regionBlocker');
  return { f, page, storefront: `${f.stack.emulatorUrl}/shops/${DEMO}/` };
}

/** Resolves once `text` shows on the page (a toast, a message); polled. */
export function shows(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  return expect.poll(() => page.getByText(text).first().isVisible(), { timeout }).toBe(true);
}

/**
 * Clicks the button named `button` and waits for the answer to the POST to `call` it sends:
 * a check that follows then reads this answer, never a toast an earlier one left on screen.
 */
export async function clickAndAwait(page: Page, button: string, call: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.url().includes(call) && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: button, exact: true }).click();
  expect((await answered).ok()).toBe(true);
}
