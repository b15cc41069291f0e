// A merchant keeps IP ranges narrow: a range wider than a list entry may be is refused with
// the reason on the IP Blocker's page, and ranges that together cover a large share of the
// addresses are kept with a warning above the list, on a wide screen and on a phone; the
// same on Block Lists (Legacy).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';

describe('keeping IP ranges narrow', () => {
  let f: Fixture;
  let admin: Page;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant());
  });
  afterAll(() => tearDown(f));

  /**
   * Adds `ip` and waits for the server to refuse it: the rule-cost card shows the same reason
   * while the value is typed, so the next add must not start before this refusal is in.
   */
  const addRefused = async (ip: string, call: string) => {
    await admin.getByLabel('IP address or CIDR range').fill(ip);
    const answered = admin.waitForResponse(
      (r) => r.url().includes(call) && r.request().method() === 'POST',
    );
    await admin.getByRole('button', { name: 'Add', exact: true }).click();
    expect((await answered).status()).toBe(400);
  };

  it('refuses a range wider than an entry may be, saying why', async () => {
    await admin.goto(`${f.stack.appUrl}/ipBlocker`);
    await admin.getByText('No blocked IP addresses yet').waitFor();
    await addRefused('::ffff:128.0.0.0/97', '/api/ipBlocker/add');
    await shows(admin, /covers 1\/2 of all IPv4 addresses/);
  });

  it('warns above the list once its ranges together cover a large share', async () => {
    await admin.getByLabel('IP address or CIDR range').fill('1.0.0.0/8');
    await clickAndAwait(admin, 'Add', '/api/ipBlocker/add');
    await admin.getByLabel('IP address or CIDR range').fill('2.0.0.0/8');
    await clickAndAwait(admin, 'Add', '/api/ipBlocker/add');
    await shows(admin, /cover 1\/128 of all IPv4 addresses/);
    await screenshot(admin, 'ip-blocker-wide-ranges-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await shows(admin, /cover 1\/128 of all IPv4 addresses/);
    await screenshot(admin, 'ip-blocker-wide-ranges-390');
  });

  it('says the same in the import dialog after a file widens the list further', async () => {
    await admin.setViewportSize({ width: 1280, height: 860 });
    await admin.getByRole('button', { name: 'Import CSV' }).click();
    await admin.locator('input[type="file"]').setInputFiles({
      name: 'wide.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('ip,note\n5.0.0.0/8,from a file\n'),
    });
    await admin.getByRole('button', { name: 'Import 1 entry' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(/cover 1\.17 % of all IPv4 addresses/).waitFor();
    await screenshot(admin, 'ip-blocker-import-notice-1280');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);
  });

  it('warns the same way on Block Lists (Legacy)', async () => {
    await admin.setViewportSize({ width: 1280, height: 860 });
    await admin.goto(`${f.stack.appUrl}/blockLists`);
    await admin.getByLabel('Kind of entry').waitFor();
    await addRefused('0.0.0.0/1', '/api/blockLists/add');
    await shows(admin, /covers 1\/2 of all IPv4 addresses/);
    for (const range of ['3.0.0.0/8', '4.0.0.0/8']) {
      await admin.getByLabel('IP address or CIDR range').fill(range);
      await clickAndAwait(admin, 'Add', '/api/blockLists/add');
    }
    await shows(admin, /cover 1\/128 of all IPv4 addresses/);
    await screenshot(admin, 'legacy-wide-ranges-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await shows(admin, /cover 1\/128 of all IPv4 addresses/);
    await screenshot(admin, 'legacy-wide-ranges-390');
  });
});
