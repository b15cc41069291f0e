// A merchant with Block Lists (Legacy): an address on the legacy list is blocked on the demo
// store; one click moves it to the IP Blocker, where it stays blocked; undo puts it back in
// the legacy list and takes it out of the IP Blocker; a second migration is confirmed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setFlags } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';

const SCRAPER = '203.0.113.7';

describe('keeping Block Lists (Legacy)', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;

  const visit = (ip: string) => visitStorefront(f, storefront, ip);
  const seen = (text: string | RegExp) =>
    expect.poll(() => admin.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
  /** Whether the IP Blocker lists `ip`, read once its page shows the settled entry count. */
  const ipBlockerLists = async (ip: string) => {
    await admin.goto(`${f.stack.appUrl}/ipBlocker`);
    await admin.getByText(/^\d+ of \d+ entries$/).waitFor();
    return (await admin.getByRole('cell', { name: ip, exact: true }).count()) > 0;
  };

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant());
    await setFlags(f.stack, { plan: 'free' });
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
  });
  afterAll(() => tearDown(f));

  it('blocks an address of the legacy list on the storefront', async () => {
    await admin.goto(`${f.stack.appUrl}/blockLists`);
    await admin.getByText('The legacy list is empty').waitFor();
    expect(await visit(SCRAPER)).toBe(false);
    await admin.getByLabel('IP address or CIDR range').fill(SCRAPER);
    await admin.getByPlaceholder('Why this entry is here').fill('scraper from 2021');
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await seen(`Added ${SCRAPER}`);
    await expect.poll(() => visit(SCRAPER)).toBe(true);
  });

  it('moves it to the IP Blocker with one click, where it stays blocked', async () => {
    await admin.goto(`${f.stack.appUrl}/blockLists`);
    await seen('Moves to IP Blocker (block list)');
    await screenshot(admin, 'legacy-migration-preview');
    await admin.getByRole('button', { name: 'Move 1 entry' }).click();
    await seen('Migration done: undo it or confirm it');
    await seen('Moved to IP Blocker (block list)');
    await admin.getByText('The legacy list is empty').waitFor();
    await screenshot(admin, 'legacy-migration-done');
    expect(await visit(SCRAPER)).toBe(true);
    expect(await ipBlockerLists(SCRAPER)).toBe(true);
  });

  it('undoes the migration: the address is back in the legacy list and out of the IP Blocker', async () => {
    await admin.goto(`${f.stack.appUrl}/blockLists`);
    await admin.getByRole('button', { name: 'Undo migration' }).click();
    await seen('Migration undone: the entries are back');
    await admin.getByRole('cell', { name: SCRAPER, exact: true }).first().waitFor();
    await seen('scraper from 2021');
    expect(await ipBlockerLists(SCRAPER)).toBe(false);
    expect(await visit(SCRAPER)).toBe(true);
  });

  it('confirms a second migration, which can no longer be undone', async () => {
    await admin.goto(`${f.stack.appUrl}/blockLists`);
    await admin.getByRole('button', { name: 'Move 1 entry' }).click();
    await admin.getByRole('button', { name: 'Confirm migration' }).click();
    await seen('Migration confirmed');
    expect(await admin.getByRole('button', { name: 'Undo migration' }).count()).toBe(0);
    expect(await ipBlockerLists(SCRAPER)).toBe(true);
    expect(await visit(SCRAPER)).toBe(true);
  });
});
