// A merchant on the Free plan keeps the IP Blocker's list: adds an address with a note and an
// expiry date (its visitors are blocked at once), is told why a bad address is refused, edits
// the note in place, imports a CSV file (a repeat skipped), searches the list, downloads it,
// and deletes the selected entries after confirming (their visitors get in again).
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setFlags } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';

const SCRAPER = '203.0.113.7';

describe('keeping an IP list', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;

  const visit = (ip: string) => visitStorefront(f, storefront, ip);
  const seen = (text: string) =>
    expect
      .poll(() => admin.getByText(text, { exact: true }).first().isVisible(), { timeout: 10_000 })
      .toBe(true);

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant());
    await setFlags(f.stack, { plan: 'free' });
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
  });
  afterAll(() => tearDown(f));

  it('adds an address with a note and an expiry date, and blocks it at once', async () => {
    await admin.goto(`${f.stack.appUrl}/ipBlocker`);
    await admin.getByText('No blocked IP addresses yet').waitFor();
    await admin.getByLabel('IP address or CIDR range').fill('203.0.113.300');
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await expect
      .poll(() =>
        admin.getByText('is not a valid IP address', { exact: false }).first().isVisible(),
      )
      .toBe(true);

    await admin.getByLabel('IP address or CIDR range').fill(SCRAPER);
    await admin.getByLabel('Note').fill('scraper');
    await admin.getByLabel('Expires on (optional)').fill('2031-03-15');
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    await seen(`Added ${SCRAPER}`);
    await seen('Mar 15, 2031');
    await seen('1 of 20 entries');
    expect(await visit(SCRAPER)).toBe(true);
  });

  it('edits the note in place', async () => {
    await admin.getByRole('button', { name: `Edit ${SCRAPER}` }).click();
    await admin.getByLabel(`Note for ${SCRAPER}`).fill('scraper, seen twice');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await seen(`Saved ${SCRAPER}`);
    await seen('scraper, seen twice');
  });

  it('imports a CSV file, searches the list and downloads it', async () => {
    await admin.getByRole('button', { name: 'Import CSV' }).click();
    await admin.locator('input[type="file"]').setInputFiles({
      name: 'list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`ip,note\n198.51.100.0/24,test range\n${SCRAPER}\n`),
    });
    await admin
      .getByText('2 lines read, 1 entry to import, 1 duplicate, 0 lines with errors.')
      .waitFor();
    await admin.getByRole('button', { name: 'Import 1 entry' }).click();
    await seen('Imported 1 entry');
    await seen('2 of 20 entries');

    await admin.getByPlaceholder('Search by address or note').fill('test range');
    await expect.poll(() => admin.getByText(SCRAPER, { exact: true }).count()).toBe(0);
    await seen('198.51.100.0/24');
    await admin.getByPlaceholder('Search by address or note').fill('');
    await seen(SCRAPER);
    await screenshot(admin, 'ip-blocker');

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ip-blocker.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines.map((line) => line.split(',')[0])).toEqual(['ip', SCRAPER, '198.51.100.0/24']);
  });

  it('deletes the selected entries after confirming, and lets their visitors in', async () => {
    await admin
      .getByRole('checkbox', { name: /Select all/ })
      .first()
      .check();
    await admin.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Delete 2 entries?').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await seen('Deleted 2 entries');
    await seen('No blocked IP addresses yet');
    expect(await visit(SCRAPER)).toBe(false);
  });
});
