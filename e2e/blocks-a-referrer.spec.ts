// A merchant blocks a spam site on the Referrer Blocker page: a storefront visitor who follows
// a link from that site sees the block page at once, visitors from elsewhere shop as usual, a
// CSV file of sites is imported (its bad line named first, its good line offered without it) and
// the list exported, a site is blocked from the visitor log ("Block this referrer"), and in
// monitor mode the visitor gets in while the visitor log records "Would block".
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';
import { waitForLoggedVisits } from './support/visitor-log.js';

const VISITOR = '8.8.8.8';
// Plain http: a browser sends no referrer from an https page to the local http storefront.
const SPAM = 'http://spam.example/cheap-deals';
const SPAM_SUBDOMAIN = 'http://ads.spam.example/';
const ELSEWHERE = 'http://news.example/review';
const IMPORTED = 'http://junk.example/free';

describe('blocking a referrer', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;

  /** A storefront visit that followed a link from `referrer`; true when it was blocked. */
  const visit = (referrer: string, path = '') =>
    visitStorefront(
      f,
      `${storefront}${path}`,
      VISITOR,
      (page) => screenshot(page, 'storefront-referrer-blocked'),
      referrer,
    );

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
  });
  afterAll(() => tearDown(f));

  it('blocks visitors sent by a site the merchant adds, at once', async () => {
    expect(await visit(SPAM)).toBe(false);

    await admin.goto(`${f.stack.appUrl}/referrerBlocker`);
    await admin.getByText('No referrer domains blocked yet').waitFor();
    await admin.getByLabel('Referrer domains').fill('localhost');
    await admin.getByRole('button', { name: 'Add to block list' }).click();
    await expect
      .poll(() => admin.getByText('"localhost" is not a domain.', { exact: false }).isVisible())
      .toBe(true);

    await admin.getByLabel('Referrer domains').fill('spam.example\n*.spam.example');
    await admin.getByLabel('Note').fill('fake traffic');
    await admin.getByRole('button', { name: 'Add to block list' }).click();
    await shows(admin, 'Blocked 2 domains');
    await admin.getByText('*.spam.example', { exact: true }).waitFor();
    expect(await admin.getByText('2 of 2,000 domains').isVisible()).toBe(true);

    expect(await visit(SPAM)).toBe(true);
    expect(await visit(SPAM_SUBDOMAIN)).toBe(true);
    expect(await visit(ELSEWHERE)).toBe(false);

    // The visit it blocked is the entry's hit once the visit queue has written it.
    const spamRow = async () => {
      await admin.reload();
      const row = admin.getByRole('row').filter({ hasText: 'This site only' });
      await row.waitFor();
      return (await row.innerText()).replace(/\s+/g, ' ');
    };
    await expect.poll(spamRow, { timeout: 15_000 }).toMatch(/spam\.example This site only .* 1 /);
    await screenshot(admin, 'referrer-blocker');
  });

  it('imports sites from a CSV file, naming its bad lines, and exports the list', async () => {
    const importFile = async (name: string, text: string) => {
      await admin.getByRole('button', { name: 'Import CSV' }).click();
      await admin
        .locator('input[type="file"]')
        .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    };
    await importFile('bad.csv', 'domain,note\njunk.example,bought links\nlocalhost\n');
    await admin.getByText('1 line will not be imported').waitFor();
    expect(await admin.getByText('Line 3', { exact: true }).isVisible()).toBe(true);
    expect(
      await admin.getByText('"localhost" is not a domain.', { exact: false }).isVisible(),
    ).toBe(true);
    // The whole file is not offered; its good line is, without the bad one.
    expect(await admin.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
    expect(
      await admin
        .getByRole('button', { name: 'Import the 1 good line, skip the 1 bad one' })
        .isVisible(),
    ).toBe(true);
    await screenshot(admin, 'referrer-blocker-import-errors');

    await admin.getByRole('button', { name: 'Choose another file' }).click();
    await admin.locator('input[type="file"]').setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('domain,note\njunk.example,bought links\nspam.example,again\n'),
    });
    await admin
      .getByText('2 lines read, 1 entry to import, 1 duplicate, 0 lines with errors.')
      .waitFor();
    await admin.getByRole('button', { name: 'Import 1 entry' }).click();
    await shows(admin, 'Imported 1 entry');
    await admin.getByText('bought links').waitFor();
    expect(await admin.getByText('3 of 2,000 domains').isVisible()).toBe(true);
    expect(await visit(IMPORTED)).toBe(true);

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('referrer-blocker.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('domain,note,hits,last_hit_at,created_at');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'spam.example',
      '*.spam.example',
      'junk.example',
    ]);
  });

  it('blocks the site that sent a visitor from the visitor log, at once', async () => {
    expect(await visit(ELSEWHERE, '?visit=from-news')).toBe(false);
    await waitForLoggedVisits(f, VISITOR, 1, (v) => v.url.includes('visit=from-news'));
    await admin.goto(`${f.stack.appUrl}/visitors`);
    const row = admin.getByRole('row', { name: /visit=from-news/ }).first();
    await row.getByRole('button', { name: `Actions for ${VISITOR}` }).click();
    await admin.getByText('Block this referrer').click();
    await admin.getByText('Block news.example?').waitFor();
    await admin.getByRole('button', { name: 'Block referrer' }).click();
    await shows(admin, 'news.example was added to the Referrer Blocker.');
    expect(await visit(ELSEWHERE)).toBe(true);

    await admin.goto(`${f.stack.appUrl}/referrerBlocker`);
    await admin.getByText('news.example', { exact: true }).waitFor();
    expect(await admin.getByText('Added from the visitor log').isVisible()).toBe(true);
  });

  it('lets the visitor in and logs "Would block" in monitor mode', async () => {
    await admin.getByLabel('Monitor only', { exact: false }).check();
    await clickAndAwait(admin, 'Save', '/api/referrerBlocker/save');
    await shows(admin, 'Referrer Blocker saved');

    expect(await visit(SPAM, '?visit=monitored')).toBe(false);
    await waitForLoggedVisits(f, VISITOR, 1, (v) => v.url.includes('visit=monitored'));
    await admin.goto(`${f.stack.appUrl}/visitors`);
    const row = admin.getByRole('row', { name: /visit=monitored/ }).first();
    await row.waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('Would block');
  });
});
