// A merchant opens a Bot Blocker category and sees its agents with this week's visits: GPTBot,
// which fetched a product page, is first with its count, at a desktop's width and a phone's;
// on the phone the good bots' visits and modes stay on screen, stacked under each bot.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { waitForLoggedVisits } from './support/visitor-log.js';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)';
const OPEN = /See its \d+ agents and this week’s visits/;

describe('the agents of a bot category', () => {
  let f: Fixture;
  let admin: Page;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
  });
  afterAll(() => tearDown(f));

  it('lists GPTBot first with its visit this week, at 1280 and 390 px', async () => {
    // GPTBot runs no JavaScript: its visit reaches the log through the decide call itself.
    const query = new URLSearchParams({ shop: DEMO, url: `https://${DEMO}/products/hat`, ref: '' });
    const res = await fetch(`${f.stack.appUrl}/api/storefront/decide?${query}`, {
      headers: { 'x-forwarded-for': '8.8.8.8', 'user-agent': GPTBOT },
    });
    expect(((await res.json()) as { action: string }).action).toBe('allow');
    await waitForLoggedVisits(f, '8.8.8.8');
    await admin.goto(`${f.stack.appUrl}/botBlocker`);
    await admin.getByRole('heading', { name: 'Good bots' }).waitFor();
    await admin.getByRole('button', { name: OPEN }).first().click();
    const first = admin.getByRole('row').nth(1);
    await first.getByText('GPTBot', { exact: true }).waitFor();
    expect(await first.innerText()).toMatch(/\b1\b/);
    expect(await admin.getByText('OpenAI', { exact: true }).first().isVisible()).toBe(true);
    await screenshot(admin, 'bot-agents-table');

    await admin.setViewportSize({ width: 390, height: 844 });
    const seen = admin.getByText('Seen this week: 1', { exact: true });
    await seen.scrollIntoViewIfNeeded();
    const box = (await seen.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(admin, 'bot-agents-table-390');

    const decided = admin.getByText(/^Visits decided: /).first();
    await decided.scrollIntoViewIfNeeded();
    const right = (await decided.boundingBox())!;
    expect(right.x + right.width).toBeLessThanOrEqual(390);
    await screenshot(admin, 'good-bots-390');
  });
});
