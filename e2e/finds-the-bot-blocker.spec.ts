// A merchant finds every blocker page from the side navigation: the Bot Blocker under
// "Bot(VPN/Proxy) Blocker" and linked from that page, and the Firewall's Referrer and ISP/ASN
// items named as the Firewall's, apart from the storefront's; on a desktop and on a phone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';

describe('the way to every blocker', () => {
  let f: Fixture;
  let admin: Page;
  const nav = () => admin.getByRole('navigation');
  const heading = (name: string) => admin.getByRole('heading', { name, exact: true, level: 1 });

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    await setFlags(f.stack, { isShowWaf: true });
  });
  afterAll(() => tearDown(f));

  it("names the Firewall's Referrer and ISP/ASN items apart from the storefront's", async () => {
    await admin.goto(`${f.stack.appUrl}/dashboard`);
    await nav().getByRole('link', { name: 'Firewall Settings' }).waitFor();
    const labels = (await nav().getByRole('link').allInnerTexts()).map((t) => t.trim());
    for (const label of ['Referrer Blocker', 'ISP/ASN Blocker']) {
      expect(labels.filter((l) => l === label)).toHaveLength(1);
      expect(labels.filter((l) => l === `Firewall ${label}`)).toHaveLength(1);
    }
    await nav().getByRole('link', { name: 'Firewall Referrer Blocker' }).click();
    await admin.waitForURL((url) => url.pathname === '/fw-referrerBlocker');
    await nav().getByRole('link', { name: 'Firewall ISP/ASN Blocker' }).click();
    await admin.waitForURL((url) => url.pathname === '/fw-asnBlocker');
    await screenshot(admin, 'nav-firewall-items');
  });

  it('shows the Bot Blocker under Bot(VPN/Proxy) Blocker, and the page links to it', async () => {
    await nav().getByRole('link', { name: 'Bot(VPN/Proxy) Blocker' }).click();
    await admin.waitForURL((url) => url.pathname === '/vpnBlocker');
    await nav().getByRole('link', { name: 'Bot Blocker', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/botBlocker');
    await heading('Bot Blocker').waitFor();
    await screenshot(admin, 'nav-bot-blocker');

    await nav().getByRole('link', { name: 'Bot(VPN/Proxy) Blocker' }).click();
    await admin.waitForURL((url) => url.pathname === '/vpnBlocker');
    await screenshot(admin, 'vpn-blocker-bot-blocker-link');
    await admin.getByRole('main').getByRole('link', { name: 'Bot Blocker', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/botBlocker');
    await heading('Bot Blocker').waitFor();
  });

  it('takes a phone to both pages through the navigation', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`${f.stack.appUrl}/dashboard`);
    const openNav = async () => {
      await admin.getByRole('button', { name: 'Toggle menu' }).click();
      await nav().getByRole('link', { name: 'Bot(VPN/Proxy) Blocker' }).waitFor();
      // Slid in all the way.
      await expect.poll(async () => (await nav().boundingBox())?.x).toBe(0);
    };
    await openNav();
    await nav().getByRole('link', { name: 'Bot(VPN/Proxy) Blocker' }).click();
    await admin.waitForURL((url) => url.pathname === '/vpnBlocker');
    await heading('Bot (VPN/Proxy) Blocker').waitFor();
    await admin.getByRole('main').getByRole('link', { name: 'Bot Blocker', exact: true }).waitFor();
    await screenshot(admin, 'vpn-blocker-bot-blocker-link-phone');
    await openNav();
    await screenshot(admin, 'nav-bot-blocker-phone');
    await nav().getByRole('link', { name: 'Bot Blocker', exact: true }).click();
    await admin.waitForURL((url) => url.pathname === '/botBlocker');
    await heading('Bot Blocker').waitFor();
    // From the Bot Blocker a tap on the item above it opens the VPN/Proxy page.
    await openNav();
    await nav().getByRole('link', { name: 'Bot(VPN/Proxy) Blocker' }).click();
    await admin.waitForURL((url) => url.pathname === '/vpnBlocker');
  });
});
