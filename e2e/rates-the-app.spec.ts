// The rating prompt: asked 2 s after the account loads, only when the server's rule says so; 1–4
// stars open the feedback page, "Not this time" snoozes it for 10 hours.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';
import { sessionToken, waitForLoggedVisits } from './support/visitor-log.js';

const PROMPT = 'Please take a moment to review your Gatehouse experience';
const GERMANY = '88.198.0.1';

/** Makes the shop eligible: installed a while ago, and Gatehouse has blocked a visitor. */
async function makeEligible(f: Fixture, page: Page, handle: string): Promise<void> {
  const token = await sessionToken(f);
  const call = (path: string, body: unknown) =>
    fetch(`${f.stack.appUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const saved = await call('/api/regionBlocker/save', {
    mode: 'blacklist',
    countries: ['DE'],
    action: { type: 'block' },
    monitor: false,
  });
  expect(saved.status).toBe(200);
  const shop = `${handle}.myshopify.com`;
  const url = encodeURIComponent(`https://${shop}/`);
  const decided = await fetch(`${f.stack.appUrl}/api/storefront/decide?shop=${shop}&url=${url}`, {
    headers: { 'x-forwarded-for': GERMANY },
  });
  expect((await decided.json()).action).toBe('block');
  await setFlags(f.stack, { isNew: false, installedDaysAgo: 5, isReviewLeft: false }, handle);
  // The blocked visit counts once the visit queue has written it.
  await waitForLoggedVisits(f, GERMANY, 1, (v) => v.action === 'block');
  void page;
}

describe('rating Gatehouse', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp();
  });
  afterAll(() => tearDown(f));

  it('asks an eligible merchant after 2 s, and 4 stars open the feedback page', async () => {
    const page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl, 'rating-one');
    await makeEligible(f, page, 'rating-one');
    const opened = Date.now();
    await page.goto(`${f.stack.appUrl}/dashboard`);
    await page.getByText(PROMPT).waitFor({ timeout: 15_000 });
    expect(Date.now() - opened).toBeGreaterThanOrEqual(2_000);
    expect(await page.getByText('Rate Us').first().isVisible()).toBe(true);
    // Every star lit, then the glow, drawn to the end.
    const dialog = page.getByRole('dialog');
    await dialog.locator('.gh-stars[data-glowing="true"]').waitFor();
    expect(await dialog.locator('.gh-star[data-lit="true"]').count()).toBe(5);
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await screenshot(page, 'rating-popup');
    const [feedback] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog').getByRole('button', { name: '4 stars' }).click(),
    ]);
    await feedback.waitForLoadState();
    expect(new URL(feedback.url()).pathname).toBe('/feedback.html');
    expect(new URL(feedback.url()).searchParams.get('rating')).toBe('4');
    await feedback.getByText('Thank you for rating Gatehouse').waitFor();
    await feedback.getByLabel('Your comment (optional)').fill('Please add a Slack alert.');
    await feedback.getByRole('button', { name: 'Send feedback' }).click();
    await feedback.getByText('Your feedback has been sent.').waitFor();
    await feedback.close();
    await expect.poll(() => page.getByText(PROMPT).count()).toBe(0);
    const snooze = await page.evaluate(() =>
      Number(localStorage.getItem('gatehouse.ratingSnoozeUntil')),
    );
    expect(snooze - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await page.close();
  });

  it('snoozes for 10 hours on "Not this time"', async () => {
    await f.chrome.browser.clearCookies();
    const page = await f.chrome.browser.newPage();
    await page.goto(`${f.stack.appUrl}/login`);
    await page.evaluate(() => localStorage.clear());
    await signIn(page, f.stack.appUrl, 'rating-two');
    await makeEligible(f, page, 'rating-two');
    await page.goto(`${f.stack.appUrl}/dashboard`);
    await page.getByText(PROMPT).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Not this time' }).click();
    await expect.poll(() => page.getByText(PROMPT).count()).toBe(0);
    const snooze = await page.evaluate(() =>
      Number(localStorage.getItem('gatehouse.ratingSnoozeUntil')),
    );
    const hours = (snooze - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(9.9);
    expect(hours).toBeLessThanOrEqual(10);
    await page.close();
  });
});

describe('the China reminder', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp();
  });
  afterAll(() => tearDown(f));

  it('asks to activate the extension when China is blocked without it, until told not to', async () => {
    const page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl, 'china-shop');
    await setFlags(f.stack, { isNew: false }, 'china-shop');
    await page.goto(`${f.stack.appUrl}/regionBlocker`);
    await page.getByLabel('Search countries').fill('China');
    await page.getByLabel('China', { exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const title = 'Activate the extension to block visitors from mainland China';
    await page.getByText(title).waitFor();
    await screenshot(page, 'china-reminder');
    await page.getByRole('button', { name: "don't remind again" }).click();
    expect(
      await page.evaluate(() => localStorage.getItem('gatehouse.noChinaExtensionReminder')),
    ).toBe('1');
    // The reminder is decided once the extension status and the saved countries are in; a
    // search typed after both is handled after that decision.
    const extensionStatus = page.waitForResponse((r) =>
      r.url().endsWith('/api/account/getExtensionEnabned'),
    );
    await page.reload();
    await extensionStatus;
    await page.getByLabel('Search countries').fill('China');
    await expect.poll(() => page.getByLabel('China', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByText(title).count()).toBe(0);
    await page.close();
  });
});
