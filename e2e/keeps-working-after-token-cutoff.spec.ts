// A merchant signed in today keeps using Gatehouse once Shopify refuses non-expiring tokens
// ("January 2, 2027", when every token issued before has expired too): the Premium trial is
// approved on the platform, and Fraud Protect cancels a risky order once. When Shopify then
// refuses the store's token altogether, every page says to reconnect Gatehouse to Shopify,
// and signing in again through the button clears it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeTokens, setPlatformClock } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { shows } from './support/merchant.js';
import { signIn } from './support/sign-in.js';
import {
  approvePremiumTrial,
  cancelsRiskyOrderOnce,
  placeRiskyOrder,
  type TokenSummary,
} from './support/token-cutoff.js';

const RECONNECT = 'Reconnect Gatehouse to Shopify';

describe('keeps working after the platform refuses non-expiring tokens', () => {
  let f: Fixture;
  let page: Page;

  beforeAll(async () => {
    f = await setUp();
    page = await f.chrome.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, f.stack.appUrl);
    await setPlatformClock(f.stack, '2027-01-02T00:00:00Z');
  });
  afterAll(() => tearDown(f));

  it('approves the Premium trial and cancels a risky order once on January 2, 2027', async () => {
    expect(new URL(page.url()).pathname).toBe('/subscription');
    await approvePremiumTrial(page);
    await cancelsRiskyOrderOnce(page, f);
    const shown = await f.stack.support<TokenSummary>('show?shop=demo');
    expect(shown.shop).toMatchObject({ plan: 'premium', tokenState: 'expiring' });
  });

  it('asks on every page to reconnect once the token is refused, and signing in again clears it', async () => {
    await revokeTokens(f.stack);
    // Anything that asks the platform now finds the token dead: Fraud Protect reading an order.
    await placeRiskyOrder(f.stack);
    await expect
      .poll(async () => (await f.stack.support<TokenSummary>('show?shop=demo')).shop.tokenState, {
        timeout: 15_000,
      })
      .toBe('dead');
    for (const path of ['/dashboard', '/fraudProtect']) {
      await page.goto(`${f.stack.appUrl}${path}`);
      await shows(page, RECONNECT);
    }
    await screenshot(page, 'reconnect-banner');
    const signedIn = page.waitForResponse((r) => r.url().includes('/api/account/authDomain'));
    await page.getByRole('button', { name: 'Reconnect' }).click();
    // The platform skips consent (every scope is still granted) and returns to the app, which
    // starts the new session.
    expect((await signedIn).ok()).toBe(true);
    await page.waitForURL(
      (url) =>
        url.origin === f.stack.appUrl &&
        url.pathname !== '/login' &&
        !url.pathname.startsWith('/loginComplete'),
    );
    await page.goto(`${f.stack.appUrl}/dashboard`);
    await page.getByText('Dashboard').first().waitFor();
    expect(await page.getByText(RECONNECT).count()).toBe(0);
    const shown = await f.stack.support<TokenSummary>('show?shop=demo');
    expect(shown.shop).toMatchObject({ tokenState: 'expiring', tokenDeadSince: null });
  });
});
