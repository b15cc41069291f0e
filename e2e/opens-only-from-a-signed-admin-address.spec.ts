// Inside the Shopify admin the app trusts its address only under the platform's signature: a
// forged `hmac` gets the page that says Gatehouse could not open, inside the admin's frame, and
// no call is made. The session token in a signed address signs the page's first calls while it
// has time left: a forged one is refused (401) and the page recovers with App Bridge's, an
// expired one is never sent. Each address is the admin's own, changed on its way to the browser.
import type { Page, Request, Response } from 'playwright-core';
import { queryHmac } from '@gatehouse/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from './support/account-state.js';
import { setUp, tearDown, type Fixture } from './support/fixtures.js';
import { PLATFORM_APP_SECRET } from './support/stack.js';

const HANDLE = 'signed-address';
const SHOP = `${HANDLE}.myshopify.com`;

describe("the admin's address", () => {
  let f: Fixture;
  let admin: Page;
  /** Every API call the app made, with the token it carried and the answer's status. */
  let calls: { token: string; status: number }[] = [];
  /** API calls sent and not yet answered or failed. */
  let inFlight = 0;

  const adminUrl = (path: string) =>
    `${f.stack.emulatorUrl}/shops/${SHOP}/admin/apps/gatehouse/${path}`;

  async function emulator(path: string, body: unknown = {}): Promise<Record<string, string>> {
    const res = await fetch(`${f.stack.emulatorUrl}/_emulator/shops/${SHOP}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Record<string, string>;
  }

  /**
   * Opens the admin at `path`, then its frame again at the address the admin gave it, changed by
   * `change`: the query's `hmac` signed again unless `resign` is false. Only the calls of the
   * changed address are recorded.
   */
  async function openWith(path: string, change: (query: URLSearchParams) => void, resign = true) {
    await admin.goto(adminUrl(path));
    const frame = admin.locator('#app-frame');
    const frameUrl = new URL((await frame.getAttribute('src'))!);
    change(frameUrl.searchParams);
    if (resign) {
      const params = Object.fromEntries(frameUrl.searchParams);
      frameUrl.searchParams.set('hmac', queryHmac(PLATFORM_APP_SECRET, params));
    }
    await admin.frameLocator('#app-frame').locator('h1').first().waitFor();
    // The first load's calls end (or are cut off) before the changed address's are counted.
    await frame.evaluate((element) => element.setAttribute('src', 'about:blank'));
    await expect.poll(() => inFlight).toBe(0);
    calls = [];
    await frame.evaluate((element, src) => element.setAttribute('src', src), frameUrl.href);
    return frameUrl.href;
  }

  beforeAll(async () => {
    f = await setUp({}, { emulatorHostName: 'localhost' });
    admin = await f.chrome.browser.newPage();
    await emulator('managed-install');
    // The first load installs the store in the app; it is then past choosing a plan.
    await admin.goto(adminUrl(''));
    await admin.frameLocator('#app-frame').getByText('Start Free Trial').first().waitFor();
    await setFlags(f.stack, { plan: 'premium', isNew: false }, HANDLE);
    const isApi = (url: URL) => url.origin === f.stack.appUrl && url.pathname.startsWith('/api/');
    admin.on('request', (request) => {
      if (isApi(new URL(request.url()))) inFlight += 1;
    });
    const settled = (request: Request) => {
      if (isApi(new URL(request.url()))) inFlight -= 1;
    };
    admin.on('requestfinished', settled);
    admin.on('requestfailed', settled);
    admin.on('response', (response: Response) => {
      if (!isApi(new URL(response.url()))) return;
      const authorization = response.request().headers().authorization ?? '';
      calls.push({ token: authorization.replace(/^bearer /i, ''), status: response.status() });
    });
  });
  afterAll(() => tearDown(f));

  it('refuses a forged signature: the app is not shown in the frame and makes no call', async () => {
    const forged = await openWith(
      'dashboard',
      (query) => {
        const hmac = query.get('hmac')!;
        query.set('hmac', `${hmac.slice(0, -1)}${hmac.endsWith('0') ? '1' : '0'}`);
      },
      false,
    );
    // The address is refused with a page that says so and may not be framed at all.
    const refused = await fetch(forged);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('This address was not signed by Shopify or is too old.');
    expect(refused.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    await expect
      .poll(() => admin.frames().map((frame) => frame.url()))
      .toContain('chrome-error://chromewebdata/');
    expect(admin.frames().some((frame) => frame.url().startsWith(f.stack.appUrl))).toBe(false);
    expect(calls).toEqual([]);
  });

  it('answers 401 to a forged session token in the address, and the page recovers with App Bridge', async () => {
    const { token } = await emulator('session-token');
    const [head, payload, signature] = token!.split('.');
    // The platform's claims, fresh, under a signature the platform never made.
    const forged = `${head}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    await openWith('regionBlocker', (query) => query.set('id_token', forged));
    const app = admin.frameLocator('#app-frame');
    await app.getByLabel('Search countries').waitFor();
    const sentForged = calls.filter((call) => call.token === forged);
    expect(sentForged.length).toBeGreaterThan(0);
    expect(sentForged.map((call) => call.status)).toEqual(sentForged.map(() => 401));
    // Each refused call was asked again with App Bridge's token, and went through.
    const others = calls.filter((call) => call.token !== forged);
    expect(others.length).toBeGreaterThanOrEqual(sentForged.length);
    expect(others.filter((call) => call.status !== 200)).toEqual([]);
    expect(await admin.locator('#toasts .toast.error').count()).toBe(0);
  });

  it('never sends an expired session token from the address: App Bridge signs the calls', async () => {
    const { token: expired } = await emulator('session-token', {
      at: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    await openWith('regionBlocker', (query) => query.set('id_token', expired!));
    await admin.frameLocator('#app-frame').getByLabel('Search countries').waitFor();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.token === expired)).toEqual([]);
    expect(calls.filter((call) => call.status !== 200)).toEqual([]);
  });
});
