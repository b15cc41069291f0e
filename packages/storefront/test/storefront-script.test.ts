// One file past the usual size on purpose: every case shares one Chromium and one bundle of the
// script, started and built once for the file.
// The app-embed script in real Chromium, loaded by the real app-embed block on a store page:
// what a visitor sees for each decision, what the script keeps between page views, and that
// the store's own scripts never notice it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOP, type Answer, type Answering } from './support/store.js';
import {
  decideCalls,
  later,
  probe,
  revealed,
  storefrontVisits,
  twoFrames,
} from './support/visits.js';

const BLOCK_PAGE = {
  title: 'Not available here',
  message: 'Sorry, this shop does not sell to your region.',
  backgroundColor: '#102030',
  textColor: '#f0e0d0',
  logoUrl: 'https://cdn.example.com/logo.png',
};

const NOTICE = {
  reason: 'VPN or proxy',
  contactEmail: 'help@shop.example',
  reference: '1KQ7M-2X9DA',
};

/** The block page's lines under the merchant's text, as the shopper reads them. */
const noticeLines = (page: Page) =>
  page.$$eval('#gatehouse-page dt', (terms) =>
    terms.map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`),
  );

// The store's own scripts never see an exception from ours: every visit's page is checked.
const visit = storefrontVisits();

const guardPresent = (page: Page) =>
  page.evaluate(() => document.getElementById('gatehouse-guard') !== null);
const session = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);
const local = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function expectBlockPage(page: Page) {
  await page.waitForSelector('#gatehouse-page h1');
  expect(await page.title()).toBe(BLOCK_PAGE.title);
  expect(await page.textContent('h1')).toBe(BLOCK_PAGE.title);
  expect(await page.textContent('#gatehouse-page p')).toBe(BLOCK_PAGE.message);
  expect(await page.getAttribute('meta[name=robots]', 'content')).toBe('noindex');
  expect(await page.getAttribute('#gatehouse-page img', 'src')).toBe(BLOCK_PAGE.logoUrl);
  const colours = await page.$eval('#gatehouse-page', (body) => {
    const style = getComputedStyle(body);
    return [style.backgroundColor, style.color];
  });
  expect(colours).toEqual(['rgb(16, 32, 48)', 'rgb(240, 224, 208)']);
  expect(await page.$('#store-content')).toBeNull();
  expect(await page.isVisible('#gatehouse-page h1')).toBe(true);
}

describe('the storefront script', () => {
  it('reveals the page on allow, keeps the token for the session and lets store scripts run', async () => {
    const { store, page } = await visit({
      decide: () => ({ json: { action: 'allow', token: 'allow-1' } }),
    });
    await page.goto(`${store.url}/products/hat`, { waitUntil: 'commit' });
    await revealed(page);
    expect(await page.isVisible('#store-content')).toBe(true);
    expect(await session(page, 'gatehouse:t')).toBe('allow-1');
    await page.waitForFunction(() => (window as { storeScriptRan?: boolean }).storeScriptRan);
    expect(await page.evaluate(() => window.Gatehouse?.version)).toBe('1.0.0');

    const [call] = decideCalls(store);
    expect(call?.method).toBe('GET');
    expect(call?.query.get('shop')).toBe(SHOP);
    expect(call?.query.get('url')).toBe(`${store.url}/products/hat`);
    expect(call?.query.get('ref')).toBe('');
    expect(call?.query.has('t')).toBe(false);
    expect(call?.query.has('d')).toBe(false);
  });

  it('cuts a very long page URL to the length the decision accepts', async () => {
    const { store, page } = await visit({ decide: () => ({ json: { action: 'allow' } }) });
    await page.goto(`${store.url}/search?q=${'a'.repeat(3000)}`, { waitUntil: 'commit' });
    await revealed(page);
    const url = decideCalls(store)[0]?.query.get('url') ?? '';
    expect(url).toHaveLength(2048);
    expect(url.startsWith(`${store.url}/search?q=aaa`)).toBe(true);
  });

  it('shows the block page and never paints the store when the decision comes before the body', async () => {
    const body = later();
    const { store, page } = await visit({
      decide: () => ({ json: { action: 'block', blockPage: BLOCK_PAGE, notice: NOTICE } }),
      holdBody: body.promise,
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await expectBlockPage(page);
    // What the shopper can act on: why, whom to write to, and the reference to quote.
    expect(await noticeLines(page)).toEqual([
      'Reason: VPN or proxy',
      'Contact the store: help@shop.example',
      'Reference: 1KQ7M-2X9DA (quote it when you contact the store)',
    ]);
    expect(await page.getAttribute('#gatehouse-page a', 'href')).toBe(
      'mailto:help@shop.example?subject=Blocked%20visit%201KQ7M-2X9DA',
    );
    expect(await page.isVisible('#gatehouse-page dl')).toBe(true);
    // The store's body still reaches the browser, which draws two frames after it.
    const bodyReceived = page.waitForEvent('requestfinished', (r) => r.url() === `${store.url}/`);
    body.give();
    await bodyReceived;
    await twoFrames(page);
    expect(await page.$('#store-content')).toBeNull();
    const log = await probe(page);
    expect(log.firstVisibleAt).toBeNull();
    expect(log.frames).toBeGreaterThan(0);
    expect(store.painted).toEqual([]);
  });

  it('shows the block page and never paints the store when the whole page has loaded first', async () => {
    const decision = later<Answer>();
    const { store, page } = await visit({ decide: () => decision.promise });
    await page.goto(store.url, { waitUntil: 'commit' });
    await page.waitForLoadState('load');
    decision.give({ json: { action: 'block', blockPage: BLOCK_PAGE } });
    await expectBlockPage(page);
    const log = await probe(page);
    expect(log.firstVisibleAt).toBeNull();
    expect(log.frames).toBeGreaterThan(0);
    expect(store.painted).toEqual([]);
  });

  it('leaves the contact line out when the store has no address, and any markup stays text', async () => {
    const notice = { ...NOTICE, contactEmail: '', reason: '<b>your country or region</b>' };
    const { store, page } = await visit({
      decide: () => ({ json: { action: 'block', blockPage: BLOCK_PAGE, notice } }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await expectBlockPage(page);
    expect(await noticeLines(page)).toEqual([
      'Reason: <b>your country or region</b>',
      'Reference: 1KQ7M-2X9DA (quote it when you contact the store)',
    ]);
    expect(await page.$('#gatehouse-page a')).toBeNull();
  });

  it('redirects to the target without painting the store', async () => {
    const { store, page } = await visit({
      decide: () => ({ json: { action: 'redirect', redirectUrl: '/elsewhere' } }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await page.waitForURL(`${store.url}/elsewhere`);
    await page.waitForSelector('#elsewhere');
    expect(store.painted).toEqual([]);
  });

  it('reveals the page after the time-out when the decision is slow, and still applies a late block', async () => {
    const decision = later<Answer>();
    const { store, page } = await visit({ timeoutMs: 600, decide: () => decision.promise });
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    const log = await probe(page);
    expect(log.firstVisibleAt).toBeGreaterThanOrEqual(500);
    expect(await page.isVisible('#store-content')).toBe(true);
    // The script keeps the call open past its time-out: the answer sent now still applies.
    decision.give({ json: { action: 'block', blockPage: BLOCK_PAGE } });
    await expectBlockPage(page);
    expect(decideCalls(store)).toHaveLength(1);
  });

  it('shows the store through the CSS fallback when the script never loads', async () => {
    const { store, page } = await visit({
      script: null,
      timeoutMs: 500,
      decide: () => ({ json: { action: 'block' } }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await page.waitForSelector('#store-content', { state: 'visible' });
    const log = await probe(page);
    // The guard is still there: the style's own animation revealed the page (500 + 500 ms).
    // The block's inline part asked, but nothing acts on the answer without the script.
    expect(await guardPresent(page)).toBe(true);
    expect(log.firstVisibleAt).toBeGreaterThanOrEqual(950);
    expect(store.calls.map((c) => c.path)).toEqual(['/api/storefront/decide']);
  });

  it.each([
    ['a 500', { status: 500, json: { Message: 'Internal error' } }],
    ['a body that is not JSON', { raw: '<html>oops</html>' }],
    ['an unknown action', { json: { action: 'shrug' } }],
    [
      'a redirect to a script URL',
      { json: { action: 'redirect', redirectUrl: 'javascript:alert(1)' } },
    ],
  ])('reveals the page at once on %s', async (_name, answer) => {
    const { store, page } = await visit({ decide: () => answer });
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    expect(await page.isVisible('#store-content')).toBe(true);
    expect((await probe(page)).firstVisibleAt).toBeLessThan(2500);
    expect(await session(page, 'gatehouse:t')).toBeNull();
    await page.waitForFunction(() => (window as { storeScriptRan?: boolean }).storeScriptRan);
  });

  it('reveals the page when the app cannot be reached', async () => {
    const { store, page } = await visit({ decide: () => ({ json: { action: 'block' } }) });
    await page.route(`${store.apiOrigin}/**`, (route) => route.abort('connectionrefused'));
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    expect(await page.isVisible('#store-content')).toBe(true);
    expect(store.calls).toEqual([]);
  });

  it('reveals the page and calls nothing while the app has not written its origin', async () => {
    const { store, page } = await visit({
      noApiOrigin: true,
      decide: () => ({ json: { action: 'block' } }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    expect(await page.isVisible('#store-content')).toBe(true);
    expect(store.calls).toEqual([]);
  });

  it('reveals later page views at once, re-checks in the background, and still blocks', async () => {
    let answer: Answering = { json: { action: 'allow', token: 'allow-1' } };
    const { store, page } = await visit({ decide: () => answer });
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    expect(await session(page, 'gatehouse:t')).toBe('allow-1');

    // The decision is held back until the page has shown.
    const decision = later<Answer>();
    answer = decision.promise;
    await page.goto(`${store.url}/collections/all`, { waitUntil: 'commit' });
    await revealed(page);
    const log = await probe(page);
    expect(log.firstVisibleAt).not.toBeNull();
    expect(log.firstVisibleAt).toBeLessThan(1500);
    decision.give({ json: { action: 'block', blockPage: BLOCK_PAGE } });
    await expectBlockPage(page);
    expect(decideCalls(store)[1]?.query.get('t')).toBe('allow-1');
    // Blocked: the next page view waits hidden for its decision again.
    expect(await session(page, 'gatehouse:t')).toBeNull();
  });

  it('marks this device for Admin Access, shows the notice and sends the device token', async () => {
    const { store, page } = await visit({
      decide: () => ({ json: { action: 'allow', adminAccess: true } }),
      adminAccess: (body) =>
        body.enabled
          ? { json: { isAdminAccessMode: true, deviceToken: 'device-1' } }
          : { json: { isAdminAccessMode: false, deviceToken: null } },
    });
    await page.goto(`${store.url}/?shopId=4242&idya=true`, { waitUntil: 'commit' });
    await revealed(page);
    const notice = page.locator('#gatehouse-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Admin Access mode enabled');
    expect(await local(page, 'gatehouse:d')).toBe('device-1');
    const [post, decided] = store.calls;
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({ shop: SHOP, shopId: '4242', enabled: true });
    expect(decided?.query.get('d')).toBe('device-1');

    // A plain page view carries the mark without showing the notice.
    await page.goto(`${store.url}/pages/about`, { waitUntil: 'commit' });
    await revealed(page);
    expect(decideCalls(store)[1]?.query.get('d')).toBe('device-1');
    expect(await page.$('#gatehouse-notice')).toBeNull();

    await page.goto(`${store.url}/?shopId=4242&idya=false`, { waitUntil: 'commit' });
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Admin Access mode disabled');
    expect(await local(page, 'gatehouse:d')).toBeNull();
    expect(store.calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({
      shop: SHOP,
      shopId: '4242',
      enabled: false,
      d: 'device-1',
    });
    expect(decideCalls(store)[2]?.query.has('d')).toBe(false);
    // The notice goes away on its own.
    await notice.waitFor({ state: 'detached', timeout: 7000 });
  });

  it('keeps working when the browser denies storage to the page', async () => {
    const { store, page } = await visit({
      headStart:
        '<script>for (const name of ["sessionStorage", "localStorage"]) ' +
        'Object.defineProperty(window, name, { get() { throw new DOMException("denied", "SecurityError"); } });</script>',
      decide: () => ({ json: { action: 'allow', token: 'allow-1' } }),
      adminAccess: () => ({ json: { isAdminAccessMode: true, deviceToken: 'device-1' } }),
    });
    await page.goto(`${store.url}/?shopId=4242&idya=true`, { waitUntil: 'commit' });
    await revealed(page);
    const storage = await page.evaluate(() => {
      try {
        return typeof localStorage;
      } catch {
        return 'denied';
      }
    });
    expect(storage).toBe('denied');
    expect(await page.textContent('#gatehouse-notice')).toBe('Admin Access mode enabled');
    expect(decideCalls(store)).toHaveLength(1);
  });
});
