// A merchant blocks a visitor's whole network from the visitor log ("Block this ASN") and an
// ISP by name on the ISP/ASN Blocker page; visitors from those networks see the block page at
// once, everyone else shops as usual, each entry counts the visits it blocked, and removing an
// entry lets its visitors back in.
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';
import { visitStorefront } from './support/storefront-visit.js';
import { waitForLoggedVisits } from './support/visitor-log.js';

const GOOGLE = '8.8.8.8'; // AS15169, Google LLC
const HETZNER = '88.198.0.1'; // AS24940, Hetzner Online GmbH
const FREE_SAS = '212.27.48.10'; // AS12322, Free SAS

describe('blocking a network', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;

  /** A storefront visit from `ip`; true when it was blocked. */
  const visit = (ip: string) =>
    visitStorefront(f, storefront, ip, (page) =>
      screenshot(page, `storefront-network-blocked-${ip}`),
    );

  const toast = (text: string | RegExp) =>
    expect.poll(() => admin.getByText(text).first().isVisible()).toBe(true);

  beforeAll(async () => {
    f = await setUp();
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
    admin = await f.chrome.browser.newPage();
    await signIn(admin, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false, plan: 'premium' });
    await setAppEmbed(f.stack, true);
  });
  afterAll(() => tearDown(f));

  it('blocks a visitor’s network from the visitor log, at once', async () => {
    expect(await visit(GOOGLE)).toBe(false);
    await waitForLoggedVisits(f, GOOGLE);

    await admin.goto(`${f.stack.appUrl}/visitors`);
    await admin.getByRole('link', { name: GOOGLE }).first().waitFor();
    await admin
      .getByRole('button', { name: `Actions for ${GOOGLE}` })
      .first()
      .click();
    await admin.getByText('Block this ASN').click();
    await expect
      .poll(() => admin.getByText('AS15169 (Google LLC)', { exact: false }).first().isVisible())
      .toBe(true);
    await admin.getByRole('button', { name: 'Block ASN' }).click();
    await toast('AS15169 was added to the ISP/ASN Blocker.');

    expect(await visit(GOOGLE)).toBe(true);
    expect(await visit(HETZNER)).toBe(false);
  });

  it('shows the entry on the ISP/ASN Blocker page and blocks an ISP by name', async () => {
    await admin.goto(`${f.stack.appUrl}/asnBlocker`);
    await admin.getByText('AS15169', { exact: true }).waitFor();
    expect(await admin.getByText('Added from the visitor log').isVisible()).toBe(true);
    // The visit it blocked above is its first hit, once the visit queue has written it.
    const googleRow = async () => {
      await admin.reload();
      await admin.getByText('AS15169', { exact: true }).waitFor();
      return (await admin.getByRole('row', { name: /AS15169/ }).innerText()).replace(/\s+/g, ' ');
    };
    await expect.poll(googleRow, { timeout: 15_000 }).toMatch(/AS15169 ASN .* 1 just now/);

    await admin.getByLabel('ASN or ISP name').fill('AS0');
    await admin.getByRole('button', { name: 'Add to block list' }).click();
    await expect
      .poll(() =>
        admin
          .getByText('An ASN is a number from 1 to 4294967295, like AS15169.')
          .first()
          .isVisible(),
      )
      .toBe(true);

    await admin.getByLabel('ASN or ISP name').fill('hetzner');
    await admin.getByLabel('Note').fill('scraper hosting');
    await admin.getByRole('button', { name: 'Add to block list' }).click();
    await toast('Blocked hetzner');
    await admin.getByText('scraper hosting').waitFor();
    expect(await admin.getByText('2 of 2,000 ASNs and ISP names').isVisible()).toBe(true);
    await screenshot(admin, 'asn-blocker');

    expect(await visit(HETZNER)).toBe(true);
    expect(await visit(FREE_SAS)).toBe(false);
  });

  it('lets a network back in once its entry is removed', async () => {
    await admin.getByRole('button', { name: 'Remove AS15169' }).click();
    await admin.getByRole('button', { name: 'Remove', exact: true }).click();
    await toast('Removed 1 entry');
    await expect.poll(() => admin.getByText('AS15169', { exact: true }).count()).toBe(0);
    expect(await visit(GOOGLE)).toBe(false);
    expect(await visit(HETZNER)).toBe(true);
  });

  it('explains the blocker and offers the trial on the Free plan', async () => {
    await setFlags(f.stack, { plan: 'free' });
    await admin.goto(`${f.stack.appUrl}/asnBlocker`);
    await admin.getByText('The ISP/ASN Blocker is part of Premium and Pay-As-You-Go').waitFor();
    expect(await admin.getByRole('link', { name: 'Start Free Trial' }).isVisible()).toBe(true);
    await screenshot(admin, 'asn-blocker-free-plan');

    // The admin remembers the plan: opened again on the page, it asks nothing the plan refuses.
    const refused: string[] = [];
    const onResponse = (response: Response) => {
      if (response.status() === 403) refused.push(response.url());
    };
    admin.on('response', onResponse);
    await admin.goto(`${f.stack.appUrl}/asnBlocker`);
    await admin.getByText('The ISP/ASN Blocker is part of Premium and Pay-As-You-Go').waitFor();
    await admin.waitForLoadState('networkidle');
    admin.off('response', onResponse);
    expect(refused).toEqual([]);
  });
});
