// Geolocation redirects and content protection in real Chromium, on a store page with the real
// app-embed block: a redirect once per session, a late one still applied, a prompt that asks
// first and remembers the answer (loaded as the second asset only then), and content
// protection's switches doing what they say for a visitor.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Answer } from './support/store.js';
import { decideCalls, revealed, storefrontVisits } from './support/visits.js';

const visit = storefrontVisits({ extras: true });

const extrasLoaded = (page: Page) =>
  page.evaluate(() => [...document.scripts].some((s) => s.src.endsWith('gatehouse-extras.js')));

const PROMPT = {
  title: 'Visiting from Germany?',
  text: 'Our German store ships faster.',
  accept: 'Go to the German store',
  decline: 'Stay here',
  flag: 'DE',
};

describe('geolocation redirects in the browser', () => {
  it('redirects once per session: the next page view says so and is not sent away', async () => {
    const { store, page } = await visit({
      decide: (q) =>
        q.get('g') === '1'
          ? { json: { action: 'allow', token: 'allow-1' } }
          : { json: { action: 'redirect', redirectUrl: '/elsewhere' } },
    });
    await page.goto(`${store.url}/products/hat`, { waitUntil: 'commit' });
    await page.waitForSelector('#elsewhere');
    expect(store.painted).toEqual([]);
    await page.goto(`${store.url}/products/hat`, { waitUntil: 'commit' });
    await revealed(page);
    expect(await page.isVisible('#store-content')).toBe(true);
    expect(decideCalls(store).map((c) => c.query.get('g'))).toEqual([null, '1']);
    // An automatic redirect never needs the second asset.
    expect(await extrasLoaded(page)).toBe(false);
  });

  it('still redirects when the decision arrives after the time-out', async () => {
    let give!: (a: Answer) => void;
    const late = new Promise<Answer>((resolve) => (give = resolve));
    const { store, page } = await visit({ timeoutMs: 500, decide: () => late });
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    give({ json: { action: 'redirect', redirectUrl: '/elsewhere' } });
    await page.waitForURL(`${store.url}/elsewhere`);
  });

  it('asks first with the prompt, shows the store meanwhile, and remembers "stay"', async () => {
    const { store, page } = await visit({
      decide: () => ({
        json: {
          action: 'redirect',
          redirectUrl: 'https://example.de/',
          prompt: PROMPT,
          token: 'a',
        },
      }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    const dialog = page.locator('#gatehouse-prompt [role=dialog]');
    await dialog.waitFor();
    expect(await page.isVisible('#store-content')).toBe(true);
    expect(await dialog.locator('h2').textContent()).toBe(PROMPT.title);
    expect(await dialog.locator('p').textContent()).toBe(PROMPT.text);
    expect(await dialog.locator('.f').textContent()).toBe('🇩🇪');
    await dialog.getByRole('button', { name: PROMPT.decline }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${store.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('gatehouse:r:https://example.de'))).toBe(
      'stay',
    );
    // A new session is not asked again.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    await page.waitForFunction(() => window.GatehouseExtras);
    expect(await page.$('#gatehouse-prompt')).toBeNull();
  });

  it('goes to the target when the visitor accepts', async () => {
    const { store, page } = await visit({
      decide: () => ({ json: { action: 'redirect', redirectUrl: '/elsewhere', prompt: PROMPT } }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await page.getByRole('button', { name: PROMPT.accept }).click();
    await page.waitForSelector('#elsewhere');
  });
});

describe('content protection in the browser', () => {
  const ALL = ['rightClick', 'select', 'copy', 'drag', 'shortcuts', 'devtools'];
  const body = '<input id="field" value="typed by me"><img id="pic" src="/elsewhere" alt="">';

  /** Which of the page's default actions the store's own listener saw cancelled. */
  const cancelled = (page: Page) =>
    page.evaluate(() => {
      const seen: Record<string, boolean> = {};
      const main = document.getElementById('store-content')!;
      const fire = (name: string, event: Event, target: EventTarget = main) => {
        target.dispatchEvent(event);
        seen[name] = event.defaultPrevented;
      };
      const o = { bubbles: true, cancelable: true };
      fire('contextmenu', new MouseEvent('contextmenu', o));
      fire('copy', new ClipboardEvent('copy', o));
      fire('cut', new ClipboardEvent('cut', o));
      fire('selectstart', new Event('selectstart', o));
      fire('save', new KeyboardEvent('keydown', { ...o, key: 's', ctrlKey: true }));
      fire('viewSource', new KeyboardEvent('keydown', { ...o, key: 'u', ctrlKey: true }));
      fire('f12', new KeyboardEvent('keydown', { ...o, key: 'F12' }));
      fire(
        'inspector',
        new KeyboardEvent('keydown', { ...o, key: 'I', ctrlKey: true, shiftKey: true }),
      );
      fire('drag', new DragEvent('dragstart', o), document.getElementById('pic')!);
      fire('fieldCopy', new ClipboardEvent('copy', o), document.getElementById('field')!);
      fire(
        'fieldSelectAll',
        new KeyboardEvent('keydown', { ...o, key: 'a', ctrlKey: true }),
        document.getElementById('field')!,
      );
      return seen;
    });

  it('stops right-click, copy, selection, shortcuts, developer keys and dragging for a visitor', async () => {
    const { store, page } = await visit({
      bodyStart: body,
      decide: () => ({ json: { action: 'allow', token: 'a', protect: ALL } }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await revealed(page);
    await page.waitForFunction(() => window.GatehouseExtras);
    expect(await cancelled(page)).toEqual({
      contextmenu: true,
      copy: true,
      cut: true,
      selectstart: true,
      save: true,
      viewSource: true,
      f12: true,
      inspector: true,
      drag: true,
      // The visitor's own form fields stay usable.
      fieldCopy: false,
      fieldSelectAll: false,
    });
  });

  it('applies only the switches the decision names, and none without any', async () => {
    const { store, page } = await visit({
      bodyStart: body,
      decide: () => ({ json: { action: 'allow', token: 'a', protect: ['rightClick'] } }),
    });
    await page.goto(store.url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.GatehouseExtras);
    const seen = await cancelled(page);
    expect(seen.contextmenu).toBe(true);
    expect(seen.copy).toBe(false);

    const plain = await visit({ decide: () => ({ json: { action: 'allow', token: 'a' } }) });
    await plain.page.goto(plain.store.url, { waitUntil: 'commit' });
    await revealed(plain.page);
    expect(await extrasLoaded(plain.page)).toBe(false);
  });
});

describe('the block page’s access request form', () => {
  const BLOCK = {
    action: 'block',
    blockPage: { title: 'Not available', message: 'Sorry.' },
    notice: { reason: 'your country or region', contactEmail: '', reference: '0ABCD-12345' },
  };

  it('loads on the block page and sends the email, message and reference', async () => {
    const sent: Record<string, unknown>[] = [];
    const { store, page } = await visit({
      decide: () => ({ json: BLOCK }),
      accessRequest: (body) => {
        sent.push(body);
        return sent.length === 1
          ? { status: 400, json: { Message: 'Enter your email address, like name@example.com.' } }
          : { json: { message: 'Your request was sent to the store.' } };
      },
    });
    await page.goto(`${store.url}/products/hat`, { waitUntil: 'commit' });
    await page.waitForSelector('#gatehouse-access');
    expect(await extrasLoaded(page)).toBe(true);
    await page.fill('#gatehouse-access input[name=email]', 'shopper@example');
    await page.fill('#gatehouse-access textarea', 'I live in Boston.');
    await page.click('#gatehouse-access button');
    // The app's refusal is shown as it says.
    await page.waitForSelector('text=Enter your email address, like name@example.com.');
    await page.fill('#gatehouse-access input[name=email]', 'shopper@example.com');
    await page.click('#gatehouse-access button');
    await page.waitForSelector('text=Your request was sent to the store.');
    expect(sent[1]).toEqual({
      shop: 'demo.myshopify.com',
      reference: '0ABCD-12345',
      email: 'shopper@example.com',
      message: 'I live in Boston.',
    });
    // Nothing of the store is shown beside it.
    expect(await page.isVisible('#store-content')).toBe(false);
  });
});
