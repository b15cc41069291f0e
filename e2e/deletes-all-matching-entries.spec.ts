// A merchant with a long IP block list searches it, selects the rows on screen, then "Select all
// N matching" as the platform's own index tables offer, and deletes every entry the search
// matches on every page after a confirmation naming how many: the entries the search did not
// match stay. The firewall's URL Blocker, whose whole list is loaded and filtered on the page,
// does the same with its filter.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setFlags } from './support/account-state.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { sessionToken } from './support/visitor-log.js';

const SPAM = 130;
const OFFICE = 5;
const PROBES = 60;

describe('deleting every entry a search matches', () => {
  let f: Fixture;
  let admin: Page;

  const seen = (text: string) =>
    expect
      .poll(() => admin.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 })
      .toBe(true);
  const rows = () => admin.locator('tbody tr');

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant());
  });
  afterAll(() => tearDown(f));

  it('imports a list longer than a page', async () => {
    await admin.goto(`${f.stack.appUrl}/ipBlocker`);
    await admin.getByText('No blocked IP addresses yet').waitFor();
    const lines = [
      ...Array.from({ length: SPAM }, (_, i) => `10.7.${i >> 8}.${i & 255},spam run`),
      ...Array.from({ length: OFFICE }, (_, i) => `192.0.2.${i + 1},office`),
    ];
    await admin.getByRole('button', { name: 'Import CSV' }).click();
    await admin.locator('input[type="file"]').setInputFiles({
      name: 'list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`ip,note\n${lines.join('\n')}\n`),
    });
    const total = SPAM + OFFICE;
    await admin.getByRole('button', { name: `Import ${total} entries` }).click();
    await seen(`Imported ${total} entries`);
  });

  it('selects all matching entries and deletes them after confirming the count', async () => {
    // The list's first page looks the same before and after the search (50 spam entries, the
    // office ones further on): wait for the searched page itself, or the rows the merchant
    // selects could be replaced, and the selection cleared, by its late arrival.
    const searched = admin.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('search') === 'spam' && response.ok(),
    );
    await admin.getByPlaceholder('Search by address or note').fill('spam');
    await searched;
    await expect.poll(() => admin.getByText('office', { exact: true }).count()).toBe(0);
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(50);

    await admin
      .getByRole('checkbox', { name: /Select all/ })
      .first()
      .check();
    await admin.getByRole('button', { name: `Select all ${SPAM} entries matching “spam”` }).click();
    await seen(`All ${SPAM} entries matching “spam” are selected.`);
    await screenshot(admin, 'ip-blocker-all-matching');
    await admin.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(`Delete ${SPAM} entries?`).waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await seen(`Deleted ${SPAM} entries`);

    await seen('No entries match your search');
    // The dialog gives the focus back as it closes: only then does the merchant go to the
    // search box and empty it by hand; the whole list is read again after the search pause.
    await dialog.waitFor({ state: 'detached' });
    const search = admin.getByPlaceholder('Search by address or note');
    await search.click();
    await search.press('ControlOrMeta+A');
    await search.press('Backspace');
    await expect.poll(() => search.inputValue()).toBe('');
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(OFFICE);
    expect(await admin.getByText('office', { exact: true }).count()).toBe(OFFICE);
  });

  it("removes every pattern the URL Blocker's filter finds, on every page", async () => {
    await setFlags(f.stack, { isShowWaf: true });
    // The list as the merchant built it over time (added through the API, as the form would).
    const token = await sessionToken(f);
    const patterns = [
      ...Array.from({ length: PROBES }, (_, i) => [`/probe-${i}.php`, 'probe'] as const),
      ...Array.from({ length: OFFICE }, (_, i) => [`/office-${i}`, 'office'] as const),
    ];
    for (const [pattern, note] of patterns) {
      const res = await fetch(`${f.stack.appUrl}/api/fwUrlBlocker/add`, {
        method: 'POST',
        headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ match: 'exact', pattern, note }),
      });
      expect(res.status).toBe(200);
    }
    await admin.goto(`${f.stack.appUrl}/fw-urlBlocker`);
    await admin.getByPlaceholder('Filter by pattern or note').fill('probe');
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(50);
    await admin
      .getByRole('checkbox', { name: /Select all/ })
      .first()
      .check();
    await admin
      .getByRole('button', { name: `Select all ${PROBES} entries matching “probe”` })
      .click();
    await seen(`All ${PROBES} entries matching “probe” are selected.`);
    await screenshot(admin, 'url-blocker-all-matching');
    const wide = admin.viewportSize();
    await admin.setViewportSize({ width: 390, height: 860 });
    await screenshot(admin, 'url-blocker-all-matching-narrow');
    if (wide) await admin.setViewportSize(wide);
    await admin.getByRole('button', { name: 'Remove', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(`Remove ${PROBES} entries?`).waitFor();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await seen(`Removed ${PROBES} entries`);
    await seen('No entries match your filter');
    // Once the dialog has given the focus back, the merchant empties the filter by hand.
    await dialog.waitFor({ state: 'detached' });
    const filter = admin.getByPlaceholder('Filter by pattern or note');
    await filter.click();
    await filter.press('ControlOrMeta+A');
    await filter.press('Backspace');
    await expect.poll(() => filter.inputValue()).toBe('');
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(OFFICE);
    expect(await admin.getByText('office', { exact: true }).count()).toBe(OFFICE);
  });
});
