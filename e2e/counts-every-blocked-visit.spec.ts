// Every visit the dashboard's chart counts as blocked is in one of its cards: a merchant blocks
// a spam site on the Referrer Blocker page, two storefront visits from that site are blocked,
// and the dashboard's Referrer Blocker card reads what the chart's "Blocked" total says, with
// every other card at 0. Looked at on a desktop screen (1280 px) and a phone (390 px).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant, shows } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';

const VISITOR = '8.8.8.8';
// Plain http: a browser sends no referrer from an https page to the local http storefront.
const SPAM = 'http://spam.example/cheap-deals';

/** The count each stat card shows, by its title. */
async function cardCounts(page: Page): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const card of await page.locator('section[aria-label]').all()) {
    const title = (await card.getAttribute('aria-label')) ?? '';
    const text = await card.locator('p').first().innerText();
    counts[title] = Number(text.replace(/\D/g, ''));
  }
  return counts;
}

/** The chart's "Blocked N" total. */
async function chartBlocked(page: Page): Promise<number | null> {
  const legend = page.getByText(/^Blocked [\d,]+$/).first();
  if ((await legend.count()) === 0) return null;
  return Number((await legend.innerText()).replace(/\D/g, ''));
}

describe('the dashboard counts every blocked visit', () => {
  let f: Fixture;
  let admin: Page;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
  });
  afterAll(() => tearDown(f));

  it('shows referrer blocks in the Referrer Blocker card, matching the chart', async () => {
    await admin.goto(`${f.stack.appUrl}/referrerBlocker`);
    await admin.getByText('No referrer domains blocked yet').waitFor();
    await admin.getByLabel('Referrer domains').fill('spam.example');
    await admin.getByRole('button', { name: 'Add to block list' }).click();
    await shows(admin, 'Blocked spam.example');

    const storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
    for (const path of ['?visit=1', '?visit=2']) {
      expect(await visitStorefront(f, `${storefront}${path}`, VISITOR, undefined, SPAM)).toBe(true);
    }

    await admin.goto(`${f.stack.appUrl}/dashboard`);
    // The counts arrive once the visit queue has written the visits.
    await expect
      .poll(
        async () => {
          await admin.reload();
          await admin.getByText('Visits over time').waitFor();
          return { chart: await chartBlocked(admin), cards: await cardCounts(admin) };
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toMatchObject({ chart: 2, cards: { 'Referrer Blocker': 2 } });
    const cards = await cardCounts(admin);
    const total = Object.entries(cards)
      .filter(([title]) => title !== 'Fraud Protect')
      .reduce((sum, [, count]) => sum + count, 0);
    expect(total).toBe(2);
    await screenshot(admin, 'dashboard-referrer-card-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'dashboard-referrer-card-390');
  });
});
