// A merchant whose store installed Gatehouse before it asked for expiring tokens, and so still
// holds a non-expiring one, keeps using Gatehouse once the platform refuses non-expiring tokens
// ("January 2, 2027"): the job the server sends when it starts moves the token to an expiring
// pair before then, and on that day the Premium trial is approved on the platform, Fraud
// Protect cancels a risky order once, and the checkout has the Customer Block Lists.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlatformClock } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait } from './support/merchant.js';
import { signIn } from './support/sign-in.js';
import {
  approvePremiumTrial,
  cancelsRiskyOrderOnce,
  holdNonExpiringToken,
  type TokenSummary,
} from './support/token-cutoff.js';

const tokenState = async (f: Fixture) =>
  (await f.stack.support<TokenSummary>('show?shop=demo')).shop.tokenState;

describe('a store installed before expiring tokens keeps working after the cutoff', () => {
  let f: Fixture;
  let page: Page;

  beforeAll(async () => {
    f = await setUp();
    page = await f.chrome.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, f.stack.appUrl);
    await holdNonExpiringToken(f.stack);
    // Two server starts, and up to a minute between them.
  }, 300_000);
  afterAll(() => tearDown(f));

  it('has its non-expiring token moved to an expiring pair by the job before the cutoff', async () => {
    await expect.poll(() => tokenState(f), { timeout: 30_000, interval: 500 }).toBe('expiring');
  });

  it('approves the Premium trial, cancels a risky order once and syncs the checkout list on January 2, 2027', async () => {
    await setPlatformClock(f.stack, '2027-01-02T00:00:00Z');
    await page.goto(`${f.stack.appUrl}/subscription`);
    await approvePremiumTrial(page);
    await cancelsRiskyOrderOnce(page, f);

    await page.goto(`${f.stack.appUrl}/checkoutValidate`);
    await page.getByLabel('Email addresses').fill('fraud@example.com');
    await clickAndAwait(page, 'Add to block list', '/api/checkoutValidate/add');
    await page.getByRole('row').filter({ hasText: 'fraud@example.com' }).waitFor();
    // The page reads the status again while the sync is pending.
    await page.getByText('Your checkout has the latest list').waitFor({ timeout: 30_000 });
    await screenshot(page, 'non-expiring-token-after-cutoff');
    const shown = await f.stack.support<TokenSummary>('show?shop=demo');
    expect(shown.shop).toMatchObject({ plan: 'premium', tokenState: 'expiring' });
  });
});
