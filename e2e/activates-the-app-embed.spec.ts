// The merchant switches the app embed on from the Extensions page: the page reads "Off" from the
// live theme, its button opens the platform's theme editor with the embed switched on, and after
// Save there the page turns to "On" by itself; with it off, the page says the store has no
// protection (no script tag stands in). The FAQ and the unsupported-store page too.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';

describe('the Extensions page', () => {
  let f: Fixture;
  let page: Page;
  /** The badge's word (Polaris puts its tone, for screen readers, on a line before it). */
  const status = async () =>
    (await page.getByTestId('embed-status').innerText()).trim().split('\n').at(-1);

  beforeAll(async () => {
    f = await setUp();
    page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false });
    await setAppEmbed(f.stack, false);
  });
  afterAll(() => tearDown(f));

  it('shows Off until the embed is saved on in the theme editor, then On', async () => {
    await page.goto(`${f.stack.appUrl}/extensions`);
    await expect.poll(status, { timeout: 10_000 }).toBe('Off');
    await page.getByText('Why should you activate Gatehouse Extension?').waitFor();

    const editorOpened = f.chrome.browser.waitForEvent('page');
    await page.getByRole('button', { name: 'Activate in Theme Editor' }).click();
    const editor = await editorOpened;
    await editor.getByText('App embed activated. Save to publish.').waitFor();
    expect(editor.url()).toContain(`/shops/${DEMO}/admin/themes/current/editor`);
    expect(await editor.getByRole('switch', { name: 'Gatehouse protection' }).isChecked()).toBe(
      true,
    );
    // Activated in the editor but not saved: the live theme still has it off.
    expect(await status()).toBe('Off');

    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('On in the published theme').waitFor();
    await editor.close();

    await expect.poll(status, { timeout: 20_000, interval: 250 }).toBe('On');
    expect(await page.getByRole('button', { name: 'Open Theme Editor' }).isVisible()).toBe(true);
    await screenshot(page, 'extensions-on');
  });

  it('answers each FAQ with buttons to pages that open', async () => {
    await page.goto(`${f.stack.appUrl}/faq`);
    await page.getByRole('heading', { name: 'How does billing work?' }).waitFor();
    expect(await page.locator('h2').count()).toBeGreaterThanOrEqual(7);
    await page.getByRole('link', { name: 'IP Address Lookup' }).first().click();
    await page.waitForURL(`${f.stack.appUrl}/iplookup`);
    await page.getByRole('heading', { name: 'IP Address Lookup' }).waitFor();
  });

  it('says a store without the embed has no protection, and adds no script tag', async () => {
    await setAppEmbed(f.stack, false);
    await page.goto(`${f.stack.appUrl}/extensions`);
    await expect.poll(status, { timeout: 10_000 }).toBe('Off');
    await page
      .getByText('Without the app embed, your store has no protection at all')
      .first()
      .waitFor();
    const shop = (await (await fetch(`${f.stack.emulatorUrl}/_emulator/shops/${DEMO}`)).json()) as {
      scriptTags: unknown[];
      webhookSubscriptions: unknown[];
    };
    expect(shop.scriptTags).toEqual([]);
    expect(shop.webhookSubscriptions).toEqual([]);
  });

  it('sends a store whose plan has no online store to the unsupported-store page', async () => {
    const res = await fetch(`${f.stack.emulatorUrl}/_emulator/shops/${DEMO}/plan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Starter' }),
    });
    expect(res.status).toBe(200);
    // Signing in again (after signing out) reads the store's plan from the platform.
    await f.chrome.browser.clearCookies();
    await signIn(page, f.stack.appUrl);
    await page.waitForURL(`${f.stack.appUrl}/notSupportStore`);
    await page.getByText('Your Shopify plan has no online store theme').waitFor();
    expect(await page.getByText('Shopify plan: Starter').isVisible()).toBe(true);
    await page.goto(`${f.stack.appUrl}/regionBlocker`);
    await page.waitForURL(`${f.stack.appUrl}/notSupportStore`);
  });
});
