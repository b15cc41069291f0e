// A merchant with Block Lists (Legacy): an address on the legacy list is blocked on the demo
// store, and an email is refused at checkout. On the Free plan the preview says the email
// stays (Customer Block Lists are a paid feature); on Premium one click moves the address to
// the IP Blocker and the email to the Customer Block Lists, where they stay blocked and the
// store's checkout gets the new list; undo puts both back in the legacy list and takes them
// out of their new lists; a second migration is confirmed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setFlags } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';

const SCRAPER = '203.0.113.7';
const FRAUDSTER = 'chargeback.buyer@example.com';

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
    // "1 of 20 entries" on a capped plan, "1 entry" on Premium.
    await admin.getByText(/^\d+ (of \d+ )?entr(y|ies)$/).waitFor();
    return (await admin.getByRole('cell', { name: ip, exact: true }).count()) > 0;
  };
  /**
   * Whether the Customer Block Lists list `email`, read once the store's checkout has the
   * latest list (the sync after the last change is through).
   */
  const customerListsHave = async (email: string) => {
    await admin.goto(`${f.stack.appUrl}/checkoutValidate`);
    await admin.getByText('Your checkout has the latest list').waitFor({ timeout: 30_000 });
    return (await admin.getByRole('cell', { name: email, exact: true }).count()) > 0;
  };
  const addLegacy = async (kind: string, label: string, value: string, note: string) => {
    await admin.getByLabel('Kind of entry').selectOption(kind);
    await admin.getByLabel(label).fill(value);
    await admin.getByPlaceholder('Why this entry is here').fill(note);
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await seen(`Added ${value}`);
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
    await addLegacy('ip', 'IP address or CIDR range', SCRAPER, 'scraper from 2021');
    await expect.poll(() => visit(SCRAPER)).toBe(true);
    await addLegacy('email', 'Email', FRAUDSTER, 'chargeback in 2022');
  });

  it('on the Free plan, previews the email staying: Customer Block Lists are a paid feature', async () => {
    await admin.goto(`${f.stack.appUrl}/blockLists`);
    await seen('Moves to IP Blocker (block list)');
    await seen('Customer Block Lists are part of the paid plans');
    await admin.getByRole('button', { name: 'Move 1 entry' }).waitFor();
  });

  it('on Premium, moves the address to the IP Blocker and the email to the Customer Block Lists', async () => {
    await setFlags(f.stack, { plan: 'premium' });
    await admin.goto(`${f.stack.appUrl}/blockLists`);
    await seen('Moves to Customer Block Lists (emails)');
    await screenshot(admin, 'legacy-migration-preview');
    await admin.getByRole('button', { name: 'Move 2 entries' }).click();
    await seen('Migration done: undo it or confirm it');
    await seen('Moved to IP Blocker (block list)');
    await seen('Moved to Customer Block Lists (emails)');
    await admin.getByText('The legacy list is empty').waitFor();
    await screenshot(admin, 'legacy-migration-done');
    expect(await visit(SCRAPER)).toBe(true);
    expect(await ipBlockerLists(SCRAPER)).toBe(true);
    expect(await customerListsHave(FRAUDSTER)).toBe(true);
    await seen('chargeback in 2022');
  });

  it('undoes the migration: both are back in the legacy list and out of their new lists', async () => {
    await admin.goto(`${f.stack.appUrl}/blockLists`);
    await admin.getByRole('button', { name: 'Undo migration' }).click();
    await seen('Migration undone: the entries are back');
    await admin.getByRole('cell', { name: SCRAPER, exact: true }).first().waitFor();
    await admin.getByRole('cell', { name: FRAUDSTER, exact: true }).first().waitFor();
    await seen('scraper from 2021');
    expect(await ipBlockerLists(SCRAPER)).toBe(false);
    expect(await customerListsHave(FRAUDSTER)).toBe(false);
    expect(await visit(SCRAPER)).toBe(true);
  });

  it('confirms a second migration, which can no longer be undone', async () => {
    await admin.goto(`${f.stack.appUrl}/blockLists`);
    await admin.getByRole('button', { name: 'Move 2 entries' }).click();
    await admin.getByRole('button', { name: 'Confirm migration' }).click();
    await seen('Migration confirmed');
    expect(await admin.getByRole('button', { name: 'Undo migration' }).count()).toBe(0);
    expect(await ipBlockerLists(SCRAPER)).toBe(true);
    expect(await customerListsHave(FRAUDSTER)).toBe(true);
    expect(await visit(SCRAPER)).toBe(true);
  });
});
