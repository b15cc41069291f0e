// A merchant turns on the Bot (VPN/Proxy) Blocker's hosting switch: a storefront visitor from a
// cloud server sees the block page at once while a shopper on home broadband shops as usual; in
// monitor mode the server's visitor gets in and the visitor log records "Would block"; a
// network the merchant trusts is let in; on the Free plan the page offers the trial.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setFlags } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';
import { waitForLoggedVisits } from './support/visitor-log.js';

const DIGITALOCEAN = '159.89.0.1'; // AS14061 DigitalOcean: servers for rent
const HOME = '212.27.48.10'; // AS12322 Free SAS: French home broadband

describe('blocking hosting networks', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;

  /** A storefront visit from `ip`; true when it was blocked. */
  const visit = (ip: string, path = '') =>
    visitStorefront(f, `${storefront}${path}`, ip, (page) =>
      screenshot(page, 'storefront-hosting-blocked'),
    );

  // The save's own answer, not a toast that an earlier save may have left on screen.
  const save = async () => {
    await clickAndAwait(admin, 'Save', '/api/vpnBlocker/save');
    await shows(admin, 'Bot (VPN/Proxy) Blocker saved');
  };

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
  });
  afterAll(() => tearDown(f));

  it('blocks a visitor from a cloud server once the hosting switch is on', async () => {
    expect(await visit(DIGITALOCEAN)).toBe(false);

    await admin.goto(`${f.stack.appUrl}/vpnBlocker`);
    await admin.getByRole('heading', { name: 'Hosting and data-centre networks' }).waitFor();
    expect(await admin.getByLabel('Allow iCloud Private Relay').isChecked()).toBe(true);
    await admin.getByLabel('Block hosting and data-centre networks').check();
    await save();
    await screenshot(admin, 'vpn-blocker');

    expect(await visit(DIGITALOCEAN)).toBe(true);
    expect(await visit(HOME)).toBe(false);
  });

  it('lets the visitor in and logs "Would block" in monitor mode', async () => {
    await admin.getByLabel('Monitor only', { exact: false }).check();
    await save();

    expect(await visit(DIGITALOCEAN, '?visit=monitored')).toBe(false);
    await waitForLoggedVisits(f, DIGITALOCEAN, 1, (v) => v.url.includes('visit=monitored'));
    await admin.goto(`${f.stack.appUrl}/visitors`);
    const row = admin.getByRole('row', { name: /visit=monitored/ }).first();
    await row.waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('Would block');
  });

  it('never blocks a network the merchant trusts', async () => {
    await admin.goto(`${f.stack.appUrl}/vpnBlocker`);
    await admin.getByLabel('Monitor only', { exact: false }).uncheck();
    await save();
    expect(await visit(DIGITALOCEAN)).toBe(true);

    await admin.getByLabel('AS number').fill('AS0');
    await admin.getByRole('button', { name: 'Trust network' }).click();
    await expect
      .poll(() => admin.getByText('An ASN is a number from 1 to 4294967295').first().isVisible())
      .toBe(true);
    await admin.getByLabel('AS number').fill('AS14061');
    await admin.getByLabel('Note').fill('our payment provider');
    await admin.getByRole('button', { name: 'Trust network' }).click();
    await shows(admin, 'AS14061 is trusted');
    await admin.getByText('our payment provider').waitFor();
    expect(await visit(DIGITALOCEAN)).toBe(false);
  });

  it('explains the blocker and offers the trial on the Free plan', async () => {
    await setFlags(f.stack, { plan: 'free' });
    await admin.goto(`${f.stack.appUrl}/vpnBlocker`);
    await admin
      .getByText('The Bot (VPN/Proxy) Blocker is part of Premium and Pay-As-You-Go')
      .waitFor();
    expect(await admin.getByRole('link', { name: 'Start Free Trial' }).isVisible()).toBe(true);
  });
});
