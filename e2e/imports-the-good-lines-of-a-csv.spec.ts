// A merchant imports a CSV file of ten lines, two of them bad, into Customer Block Lists (at
// 1280 px) and into the IP Blocker (at 390 px): the dialog names each bad line with its number,
// its text and why it is refused, and offers "Import the 8 good lines, skip the 2 bad ones".
// Cancelling stores nothing; confirming lists the eight good entries and none of the bad.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant, shows } from './support/merchant.js';

const SKIP = 'Import the 8 good lines, skip the 2 bad ones';

/** A header line, then ten lines: the bad ones on file lines 4 and 8. */
function tenLines(header: string, good: (i: number) => string, bad: [string, string]): string {
  const lines = Array.from({ length: 8 }, (_, i) => good(i + 1));
  lines.splice(2, 0, bad[0]);
  lines.splice(6, 0, bad[1]);
  return `${header}\n${lines.join('\n')}\n`;
}

describe('importing the good lines of a CSV file', () => {
  let f: Fixture;
  let admin: Page;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
  });
  afterAll(() => tearDown(f));

  const chooseFile = async (name: string, text: string) => {
    const importCsv = admin.getByRole('button', { name: 'Import CSV' });
    // A narrow page folds its actions into a menu.
    await importCsv
      .or(admin.getByRole('button', { name: 'View actions' }))
      .first()
      .waitFor();
    if (!(await importCsv.isVisible())) {
      await admin.getByRole('button', { name: 'View actions' }).click();
    }
    await importCsv.first().click();
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await admin.getByText('2 lines will not be imported').waitFor();
  };

  /** The bad line's row in the dialog, as the merchant reads it. */
  const badRow = (line: number) =>
    admin
      .getByRole('dialog')
      .getByRole('row')
      .filter({ hasText: `Line ${line}` })
      .innerText()
      .then((text) => text.replace(/\s+/g, ' ').trim());

  it('shows the bad lines of a Customer Block Lists file and imports the other eight', async () => {
    await admin.goto(`${f.stack.appUrl}/checkoutValidate`);
    await admin.getByText('No buyers blocked yet').waitFor();
    const csv = tenLines('kind,value,note', (i) => `email,buyer${i}@example.com,order #100${i}`, [
      'emial,typo@example.com,',
      'country,ZZ,',
    ]);

    await chooseFile('buyers.csv', csv);
    expect(
      await admin
        .getByText('10 lines read, 8 entries to import, 0 duplicates, 2 lines with errors.')
        .isVisible(),
    ).toBe(true);
    expect(await badRow(4)).toMatch(/^Line 4 emial,typo@example\.com, "emial" is not a kind/);
    expect(await badRow(8)).toMatch(/^Line 8 country,ZZ, .*ZZ/);
    await screenshot(admin, 'csv-import-bad-lines-1280');

    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await admin.getByText('No buyers blocked yet').isVisible()).toBe(true);

    await chooseFile('buyers.csv', csv);
    await admin.getByRole('button', { name: SKIP }).click();
    await shows(admin, 'Imported 8 entries, skipped 2 bad lines');
    // The dialog, with its table of bad lines, is gone once its closing has run.
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    for (let i = 1; i <= 8; i++) {
      await admin
        .getByRole('row')
        .filter({ hasText: `buyer${i}@example.com` })
        .waitFor();
    }
    expect(await admin.getByText('typo@example.com').count()).toBe(0);
    await screenshot(admin, 'csv-import-imported-1280');
  });

  it('does the same on the IP Blocker at 390 px', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`${f.stack.appUrl}/ipBlocker`);
    const csv = tenLines('ip,note', (i) => `198.51.100.${i},seen in order #200${i}`, [
      '198.51.100.300,typo',
      '198.51.100.20,expires,someday',
    ]);

    await chooseFile('addresses.csv', csv);
    expect(await badRow(4)).toMatch(/^Line 4 198\.51\.100\.300,typo .*198\.51\.100\.300/);
    expect(await badRow(8)).toMatch(/"someday" is not a valid expiry date/);
    const dialog = await admin.getByRole('dialog').boundingBox();
    expect(dialog?.width).toBeLessThanOrEqual(390);
    await screenshot(admin, 'csv-import-bad-lines-390');

    await admin.getByRole('button', { name: SKIP }).click();
    await shows(admin, 'Imported 8 entries, skipped 2 bad lines');
    // The dialog, with its table of bad lines, is gone once its closing has run.
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    for (let i = 1; i <= 8; i++) {
      await admin.getByText(`198.51.100.${i}`, { exact: true }).first().waitFor();
    }
    expect(await admin.getByText('198.51.100.300').count()).toBe(0);
    expect(await admin.getByText('198.51.100.20', { exact: true }).count()).toBe(0);
    await screenshot(admin, 'csv-import-imported-390');
  });
});
