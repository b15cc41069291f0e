// A merchant signed in today keeps using Gatehouse once Shopify refuses non-expiring tokens
// ("January 2, 2027", when every token issued before has expired too): the Premium trial is
// approved on the platform, and Fraud Protect cancels a risky order once. When Shopify then
// refuses the store's token altogether, every page says to reconnect Gatehouse to Shopify,
// and signing in again through the button clears it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, revokeTokens, setPlatformClock } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, shows } from './support/merchant.js';
import { signIn } from './support/sign-in.js';

const RECONNECT = 'Reconnect Gatehouse to Shopify';

interface TokenSummary {
  shop: { plan: string; tokenState: string; tokenDeadSince: string | null };
}

/** A HIGH-risk order placed on the platform, whose webhook reaches Fraud Protect. */
async function placeRiskyOrder(f: Fixture): Promise<{ name: string }> {
  const res = await fetch(`${f.stack.emulatorUrl}/_emulator/shops/${DEMO}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'risky@example.com',
      lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
      risk: { level: 'HIGH' },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`placing the order: ${res.status}`);
  return (await res.json()) as { name: string };
}

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
    const premium = page.locator('[data-plan="premium"]');
    await premium.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.waitForURL(/\/admin\/charges\/\d+\/confirm/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/subscription' && url.searchParams.get('outcome') === 'activated',
    );
    await shows(page, 'Your Premium plan is active.');

    await page.goto(`${f.stack.appUrl}/fraudProtect`);
    await page.getByLabel('Turn Fraud Protect on').check();
    await clickAndAwait(page, 'Save', '/api/fraudProtect/save');
    await shows(page, 'Fraud Protect saved');
    const order = await placeRiskyOrder(f);
    await expect
      .poll(
        // The log reads itself again every 10 s while the page is open.
        async () => {
          const row = page
            .getByRole('row')
            .filter({ hasText: order.name })
            .filter({ hasText: 'Cancel' });
          return (await row.count()) === 1 ? row.innerText() : '';
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toMatch(/Cancelled[\s\S]*Done/);
    const shown = await f.stack.support<TokenSummary>('show?shop=demo');
    expect(shown.shop).toMatchObject({ plan: 'premium', tokenState: 'expiring' });
  });

  it('asks on every page to reconnect once the token is refused, and signing in again clears it', async () => {
    await revokeTokens(f.stack);
    // Anything that asks the platform now finds the token dead: Fraud Protect reading an order.
    await placeRiskyOrder(f);
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
