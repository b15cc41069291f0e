// With the Firewall on in front of the demo store, a visitor from a blocked country gets the
// block page from the firewall and the store never sees the request (the platform emulator
// counts the storefront requests it serves), a visitor from elsewhere shops as usual, and the
// merchant watching the Realtime Access Log sees both requests appear live, finds the blocked
// one by the reference its block page gave the shopper, then blocks the blocked visitor's
// network from its row.
import { firewallMessages } from '@gatehouse/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';
import { startFirewall, type TestFirewall } from './support/firewall.js';

const GERMANY = '88.198.0.1';
const UNITED_STATES = '8.8.8.8';
const STORE_TEXT = 'Gear for the long way round';
const HOST = 'demo-store.localhost';

describe('the firewall and its realtime access log', () => {
  let f: Fixture;
  let admin: Page;
  let firewall: TestFirewall | undefined;
  let storeUrl: string;
  let reference = '';

  const storeRequests = async () => {
    const res = await fetch(`${f.stack.emulatorUrl}/_emulator/shops/${DEMO}/storefront-requests`);
    return ((await res.json()) as { count: number }).count;
  };
  const visitFrom = async (ip: string) => {
    const page = await f.chrome.browser.newPage();
    // The firewall believes the loopback proxy's X-Forwarded-For, as behind a load balancer.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    const response = await page.goto(storeUrl);
    return { page, status: response?.status() ?? 0 };
  };

  beforeAll(async () => {
    f = await setUp();
    admin = await f.chrome.browser.newPage();
    await signIn(admin, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false, plan: 'premium', isShowWaf: true });
    firewall = await startFirewall(f.stack);
    storeUrl = `http://${HOST}:${firewall.port}/`;
    // The stack and the firewall start from scratch: minutes on a busy machine.
  }, 400_000);

  afterAll(async () => {
    await firewall?.stop();
    await tearDown(f);
  });

  it('lets the merchant block Germany and turn the firewall on for the store', async () => {
    await admin.goto(`${f.stack.appUrl}/regionBlocker`);
    await admin.getByLabel('Search countries').fill('Germany');
    await admin.getByLabel(/Germany/).check();
    const blocked = admin.waitForResponse((r) => r.url().endsWith('/api/regionBlocker/save'));
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await blocked).status()).toBe(200);

    await admin.goto(`${f.stack.appUrl}/firewallSettings`);
    await admin.getByLabel('Protect my store with the firewall').check();
    await admin.getByLabel('Domains').fill(HOST);
    await admin.getByLabel('Country Blocker').check();
    // An origin inside the network (the cloud's metadata address) is refused, saying why.
    await admin.getByLabel('Store origin').fill('http://169.254.169.254/latest/meta-data');
    const refused = admin.waitForResponse((r) => r.url().endsWith('/api/firewall/saveSettings'));
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await refused).status()).toBe(400);
    await admin
      .getByText(firewallMessages.originNotPublic('169.254.169.254 is a link-local address'))
      .waitFor();
    await screenshot(admin, 'firewall-settings-private-origin');
    await admin.getByLabel('Store origin').fill(`${f.stack.emulatorUrl}/shops/${DEMO}`);
    await screenshot(admin, 'firewall-settings');
    const wide = admin.viewportSize();
    await admin.setViewportSize({ width: 390, height: 860 });
    await screenshot(admin, 'firewall-settings-narrow');
    if (wide) await admin.setViewportSize(wide);
    const saved = admin.waitForResponse((r) => r.url().endsWith('/api/firewall/saveSettings'));
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
  });

  it('shows the merchant each request live: the blocked visitor never reaches the store', async () => {
    await admin.goto(`${f.stack.appUrl}/fw-accessLog`);
    await admin.getByRole('heading', { name: 'Realtime Access Log' }).waitFor();
    await expect
      .poll(() => admin.getByText('Live', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    // The firewall has read the new settings once a visitor from elsewhere gets the store.
    let allowed!: Awaited<ReturnType<typeof visitFrom>>;
    await expect
      .poll(
        async () => {
          allowed = await visitFrom(UNITED_STATES);
          if (allowed.status !== 200) await allowed.page.close();
          return allowed.status;
        },
        { timeout: 10_000 },
      )
      .toBe(200);
    await allowed.page.getByRole('heading', { name: STORE_TEXT }).waitFor();
    await allowed.page.close();

    const before = await storeRequests();
    const blocked = await visitFrom(GERMANY);
    const visited = Date.now();
    expect(blocked.status).toBe(403);
    await blocked.page.getByRole('heading', { name: 'Access denied' }).waitFor();
    // The kind of reason, the store's contact email and a reference; never the rule itself.
    const shown = await blocked.page.locator('main').innerText();
    expect(shown).toMatch(/Reason:\s+your country or region/);
    expect(shown).toMatch(/Contact the store:\s+\S+@\S+/);
    expect(shown).not.toMatch(/Country Blocker|DE\b|Germany/);
    reference = /Reference:\s+([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(shown)?.[1] ?? '';
    expect(reference).not.toBe('');
    await screenshot(blocked.page, 'firewall-blocked');
    await blocked.page.setViewportSize({ width: 390, height: 860 });
    await screenshot(blocked.page, 'firewall-blocked-narrow');
    await blocked.page.close();
    expect(await storeRequests()).toBe(before);

    const row = admin.getByRole('row').filter({ hasText: GERMANY });
    await row.first().waitFor({ timeout: 10_000 });
    const seenAfter = Date.now() - visited;
    expect(seenAfter).toBeLessThan(10_000);
    await expect.poll(() => row.first().getByText('Blocked').isVisible()).toBe(true);
    await expect.poll(() => row.first().getByText('Country Blocker').isVisible()).toBe(true);
    expect(
      await admin.getByRole('row').filter({ hasText: UNITED_STATES }).first().isVisible(),
    ).toBe(true);
    await screenshot(admin, 'firewall-access-log');
    const wide = admin.viewportSize();
    await admin.setViewportSize({ width: 390, height: 860 });
    await screenshot(admin, 'firewall-access-log-narrow');
    if (wide) await admin.setViewportSize(wide);
    console.log(`the blocked request appeared in the access log ${seenAfter} ms after the visit`);
  });

  it('finds the blocked request by the reference the shopper quotes, however it is typed', async () => {
    const typed = reference.toLowerCase().replace('-', ' ');
    await admin.getByLabel('IP address or reference').fill(typed);
    const read = admin.waitForResponse((r) => r.url().includes('/api/fwAccessLog/get'));
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    expect((await read).status()).toBe(200);
    const rows = admin.getByRole('row').filter({ hasText: /\d+\.\d+\.\d+\.\d+/ });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.first().innerText()).toContain(GERMANY);
    await screenshot(admin, 'firewall-access-log-reference');
    const wide = admin.viewportSize();
    await admin.setViewportSize({ width: 390, height: 860 });
    await screenshot(admin, 'firewall-access-log-reference-narrow');
    if (wide) await admin.setViewportSize(wide);
    await admin.getByRole('button', { name: 'Clear filters' }).click();
    await admin.getByRole('row').filter({ hasText: UNITED_STATES }).first().waitFor();
  });

  it("blocks the visitor's network from the row", async () => {
    const row = admin.getByRole('row').filter({ hasText: GERMANY }).first();
    await row.getByRole('button', { name: /Actions for/ }).click();
    const added = admin.waitForResponse((r) => r.url().endsWith('/api/fwAsnBlocker/add'));
    await admin.getByRole('menuitem', { name: /Block network AS\d+/ }).click();
    expect((await added).status()).toBe(200);
    await expect
      .poll(() => admin.getByText(/was added to the firewall's ISP\/ASN Blocker/).isVisible())
      .toBe(true);
  });
});
