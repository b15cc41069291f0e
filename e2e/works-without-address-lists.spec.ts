// A merchant on a server that has not loaded the publishers' address lists (a first start, a
// publisher down; these machines reach none): the Tor switch, once on, says it is not enforced
// until the list loads, on its page, in the IP lookup and on the visitor log's row of a Tor
// exit it let in; the address lists card says what still works, when the next try is and what
// to do, and shows no publisher's address. Looked at 1280 and 390 px wide.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';
import { waitForLoggedVisits } from './support/visitor-log.js';

const TOR_EXIT = '185.220.101.1';
const NOT_ENFORCED = 'Not enforced until the list loads';

describe('working without the address lists', () => {
  let f: Fixture;
  let admin: Page;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
  });
  afterAll(() => tearDown(f));

  it('the Tor switch says it is not enforced, never “Blocking”', async () => {
    await admin.goto(`${f.stack.appUrl}/vpnBlocker`);
    await admin.getByLabel('Block Tor exits').check();
    await clickAndAwait(admin, 'Save', '/api/vpnBlocker/save');
    await shows(admin, 'Bot (VPN/Proxy) Blocker saved');
    await shows(admin, NOT_ENFORCED);
    // Tor is the only switch on: nothing on the page may claim it blocks.
    expect(await admin.getByText('Blocking', { exact: true }).count()).toBe(0);
    await screenshot(admin, 'vpn-blocker-without-lists-1280');
  });

  it('the address lists card says what still works, when the next try is, and no address', async () => {
    await admin.getByRole('heading', { name: 'Address lists' }).waitFor();
    await shows(admin, 'Until it loads, the Tor switch is not enforced', 30_000);
    await shows(admin, /checked by the engine’s own network and confirmed by its reverse DNS/);
    await shows(admin, /Gatehouse tries again .* on its own/);
    expect(await admin.locator('body').innerText()).not.toMatch(
      /torproject|mask-api|icloud\.com|bing\.com|duckduckgo\.com|developers\.google|search\.developer/,
    );
  });

  it('the IP lookup says it for a Tor exit', async () => {
    await admin.goto(`${f.stack.appUrl}/iplookup/${TOR_EXIT}`);
    await shows(admin, 'Tor switch: not enforced until the list loads');
    await screenshot(admin, 'ip-lookup-without-tor-list-1280');
  });

  it('the visitor log says it on the row of the Tor exit it let in', async () => {
    const blocked = await visitStorefront(
      f,
      `${f.stack.emulatorUrl}/shops/${DEMO}/?visit=tor`,
      TOR_EXIT,
      () => Promise.resolve(),
    );
    expect(blocked).toBe(false);
    await waitForLoggedVisits(f, TOR_EXIT, 1, (v) => v.url.includes('visit=tor'));
    await admin.goto(`${f.stack.appUrl}/visitors`);
    const row = admin.getByRole('row', { name: /visit=tor/ }).first();
    await row.waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain(
      'Tor switch: not enforced until the list loads',
    );
    await screenshot(admin, 'visitor-log-without-tor-list-1280');
  });

  it('reads the same at 390 px', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`${f.stack.appUrl}/vpnBlocker`);
    await shows(admin, NOT_ENFORCED);
    await screenshot(admin, 'vpn-blocker-without-lists-390');
    await admin.getByRole('heading', { name: 'Address lists' }).scrollIntoViewIfNeeded();
    await screenshot(admin, 'vpn-blocker-address-lists-390');
  });
});
