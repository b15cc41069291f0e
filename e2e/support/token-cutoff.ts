// What a merchant does in the admin to see Gatehouse keep working once the platform refuses
// non-expiring tokens: the Premium trial approved on the platform, and Fraud Protect
// cancelling a risky order once; and a shop put back as it was installed before Gatehouse
// asked for expiring tokens, holding a non-expiring one.
import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { DEMO } from './account-state.js';
import type { Fixture } from './fixtures.js';
import { clickAndAwait, shows } from './merchant.js';
import { launch, type Stack } from './stack.js';

export interface TokenSummary {
  shop: { plan: string; tokenState: string; tokenDeadSince: string | null };
}

/** A HIGH-risk order placed on the platform, whose webhook reaches Fraud Protect. */
export async function placeRiskyOrder(stack: Stack): Promise<{ name: string }> {
  const res = await fetch(`${stack.emulatorUrl}/_emulator/shops/${DEMO}/orders`, {
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

/** From the plan page: the Premium trial, approved on the platform's confirmation page. */
export async function approvePremiumTrial(page: Page): Promise<void> {
  const premium = page.locator('[data-plan="premium"]');
  await premium.getByRole('button', { name: 'Start Free Trial' }).click();
  await page.waitForURL(/\/admin\/charges\/\d+\/confirm/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/subscription' && url.searchParams.get('outcome') === 'activated',
  );
  await shows(page, 'Your Premium plan is active.');
}

/** Fraud Protect turned on, and a risky order then shown cancelled once in its log. */
export async function cancelsRiskyOrderOnce(page: Page, f: Fixture): Promise<void> {
  await page.goto(`${f.stack.appUrl}/fraudProtect`);
  await page.getByLabel('Turn Fraud Protect on').check();
  await clickAndAwait(page, 'Save', '/api/fraudProtect/save');
  await shows(page, 'Fraud Protect saved');
  const order = await placeRiskyOrder(f.stack);
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
}

/**
 * The platform issues the installed shop a non-expiring token, and the shop's row holds it as
 * the server stored tokens before it asked for expiring ones; done while the server is
 * stopped, with the server's own database code, then the server starts again.
 */
export async function holdNonExpiringToken(stack: Stack, shop = DEMO): Promise<void> {
  // The server sends the token migration job when it starts, at most once per minute of the
  // clock (the queue drops a second one in the same minute): the server starts again in a
  // later minute than its first start, as an instance started later would.
  const minute = () => Math.floor(Date.now() / 60_000);
  const firstStart = minute();
  await stack.restartServer(async (env) => {
    await vi.waitFor(
      () => {
        if (minute() === firstStart) throw new Error('still the minute of the first start');
      },
      { timeout: 61_000, interval: 250 },
    );
    const res = await fetch(`${stack.emulatorUrl}/_emulator/shops/${shop}/non-expiring-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`issuing the token: ${res.status} ${await res.text()}`);
    const { accessToken } = (await res.json()) as { accessToken: string };
    const store = launch('apps/server/test/helpers/store-non-expiring-token.ts', env, [
      shop,
      accessToken,
    ]);
    const code = await new Promise<number | null>((resolve) => store.child.once('exit', resolve));
    if (code !== 0) throw new Error(`storing the token failed:\n${store.output()}`);
  });
}
