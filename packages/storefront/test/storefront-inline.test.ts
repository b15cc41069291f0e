// The app-embed block's inline start in real Chromium: the decision is asked with the page,
// before gatehouse.js has arrived, and the script acts on that answer without asking again;
// the inline part never throws or holds the page when the script never comes; and an allow
// token counts only for the version of the shop's rules it was issued under.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Answer, Answering, Store } from './support/store.js';
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
  logoUrl: '',
};

const visit = storefrontVisits();

const scriptRan = (page: Page) => page.evaluate(() => window.Gatehouse !== undefined);

/** Polls (bounded) until the app has been asked `count` decisions. */
async function untilDecideCalls(store: Store, count: number) {
  const until = Date.now() + 10_000;
  while (decideCalls(store).length < count) {
    if (Date.now() > until) throw new Error(`expected ${count} decide calls`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the inline start of the decision', () => {
  it('asks before the script file has arrived, and the script acts on that answer', async () => {
    const scriptFile = later();
    const { store, page } = await visit({
      holdScript: scriptFile.promise,
      decide: () => ({ json: { action: 'block', blockPage: BLOCK_PAGE } }),
    });
    await page.goto(`${store.url}/products/hat?size=m`, { waitUntil: 'commit' });
    await untilDecideCalls(store, 1);
    expect(await scriptRan(page)).toBe(false);
    const [call] = decideCalls(store);
    expect(call?.query.get('url')).toBe(`${store.url}/products/hat?size=m`);
    expect(call?.query.get('shop')).toBe('demo.myshopify.com');

    scriptFile.give();
    await page.waitForSelector('#gatehouse-page h1');
    expect(await page.textContent('h1')).toBe(BLOCK_PAGE.title);
    expect(store.painted).toEqual([]);
    // The script took the inline answer instead of asking again.
    expect(decideCalls(store)).toHaveLength(1);
  });

  it('shows an allowed first view as soon as the answer arrives, before the script file', async () => {
    const scriptFile = later();
    const { store, page } = await visit({
      holdScript: scriptFile.promise,
      decide: () => ({ json: { action: 'allow', token: 'lq2x.v1.sig' } }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    expect(await scriptRan(page)).toBe(false);
    expect((await probe(page)).firstVisibleAt).not.toBeNull();

    // The script then takes the same answer: it keeps the token and asks nothing more.
    scriptFile.give();
    await page.waitForFunction(() => sessionStorage.getItem('gatehouse:t') === 'lq2x.v1.sig');
    expect(decideCalls(store)).toHaveLength(1);
  });

  it('keeps a first view hidden until the script when the answer is a redirect', async () => {
    const scriptFile = later();
    const { store, page } = await visit({
      holdScript: scriptFile.promise,
      decide: () => ({ json: { action: 'redirect', redirectUrl: 'https://example.com/' } }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await untilDecideCalls(store, 1);
    await page.evaluate(
      () => (window as unknown as { GatehouseStart: { p: Promise<unknown> } }).GatehouseStart.p,
    );
    await twoFrames(page);
    expect(await page.evaluate(() => document.getElementById('gatehouse-guard') !== null)).toBe(
      true,
    );
    expect(store.painted).toEqual([]);
    scriptFile.give();
  });

  it('leaves an Admin Access change to the script, whose decision carries the new mark', async () => {
    const { store, page } = await visit({
      decide: () => ({ json: { action: 'allow', adminAccess: true } }),
      adminAccess: () => ({ json: { isAdminAccessMode: true, deviceToken: 'device-1' } }),
    });
    await page.goto(`${store.url}/?shopId=4242&idya=true`, { waitUntil: 'commit' });
    await revealed(page);
    await page.locator('#gatehouse-notice').waitFor();
    expect(store.calls.map((c) => c.method)).toEqual(['POST', 'GET']);
    expect(decideCalls(store)[0]?.query.get('d')).toBe('device-1');
  });
});

describe('the allow token and the version of the rules', () => {
  async function secondView(version: string, token: string) {
    let answer: Answering = { json: { action: 'allow', token } };
    const { store, page } = await visit({ policyVersion: version, decide: () => answer });
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    const decision = later<Answer>();
    answer = decision.promise;
    await page.goto(`${store.url}/collections/all`, { waitUntil: 'commit' });
    await untilDecideCalls(store, 2);
    return { store, page, decision };
  }

  it('reveals a later view at once, before any answer, on a token of the rules in force', async () => {
    const { store, page, decision } = await secondView('v1', 'lq2x.v1.sig');
    await revealed(page);
    expect((await probe(page)).firstVisibleAt).not.toBeNull();
    expect(decideCalls(store)[1]?.query.get('t')).toBe('lq2x.v1.sig');
    decision.give({ json: { action: 'allow', token: 'lq2x.v1.sig' } });
  });

  it('keeps a later view hidden until the decision when the rules changed, and blocks unseen', async () => {
    // The session's token names v1; the page says the rules are now v2.
    const { store, page, decision } = await secondView('v2', 'lq2x.v1.sig');
    await page.waitForLoadState('load');
    await twoFrames(page);
    expect(await page.evaluate(() => document.getElementById('gatehouse-guard') !== null)).toBe(
      true,
    );
    expect(decideCalls(store)[1]?.query.get('t')).toBe('lq2x.v1.sig');
    decision.give({ json: { action: 'block', blockPage: BLOCK_PAGE } });
    await page.waitForSelector('#gatehouse-page h1');
    expect(store.painted).toEqual(['/']);
  });
});
