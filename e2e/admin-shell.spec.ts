// The shell around every page: navigation, top bar, bars and dialogs, each driven by the account
// state the server really holds.
import type { Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setAppEmbed, setFlags, setScopes } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';

describe('the admin shell', () => {
  let f: Fixture;
  let page: Page;
  /** Resolves once the page has drawn two more frames: what it had to show is shown. */
  const twoFrames = () =>
    page.evaluate(
      () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
    );
  const extensionStatus = () =>
    page.waitForResponse((r) => r.url().endsWith('/api/account/getExtensionEnabned'));
  /**
   * Waits until the shell has the extension status (`answered`; asked for once the account is
   * in) and has drawn what follows from both: only then can a missing bar, banner or menu entry
   * mean anything.
   */
  const shellDrawn = async (answered: Promise<Response>) => {
    await page.getByText('ver 4.01').waitFor();
    await answered;
    await twoFrames();
  };
  const open = async (path: string) => {
    const answered = extensionStatus();
    await page.goto(`${f.stack.appUrl}${path}`);
    await shellDrawn(answered);
  };
  /** Clicks `target`, then waits until the page's click handlers ran and it drew two frames. */
  const clickAndDraw = async (target: Locator) => {
    await page.evaluate(() => {
      const w = window as { clickHandled?: Promise<void> };
      w.clickHandled = new Promise((resolve) => {
        document.addEventListener('click', () => resolve(), { once: true });
      });
    });
    await target.click();
    await page.evaluate(() => (window as { clickHandled?: Promise<void> }).clickHandled);
    await twoFrames();
  };
  const isNotificationCall = (r: Response) => r.url().endsWith('/api/account/getNotification');

  beforeAll(async () => {
    f = await setUp();
    page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false });
  });
  afterAll(() => tearDown(f));
  beforeEach(async () => {
    await setFlags(f.stack, {
      isShowWaf: false,
      isAppDisabled: false,
      islegacyAccount: false,
      isReviewLeft: false,
      extensionEnabled: false,
      plan: 'free',
    });
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('shows the Firewall section with its NEW badge only when isShowWaf is set', async () => {
    await open('/dashboard');
    expect(await page.getByText('Firewall Settings').count()).toBe(0);
    await setFlags(f.stack, { isShowWaf: true });
    await open('/dashboard');
    await expect.poll(() => page.getByText('Firewall Settings').isVisible()).toBe(true);
    expect(await page.getByText('NEW', { exact: true }).isVisible()).toBe(true);
  });

  it('lists the side navigation in its order: main pages, then each section', async () => {
    await open('/dashboard');
    const nav = page.locator('nav', { hasText: 'Back to Shopify' }).first();
    await nav.waitFor();
    const text = (await nav.innerText()).replace(/\s+/g, ' ');
    const order = [
      'Back to Shopify',
      'Dashboard',
      'Shop Visitor Logs',
      'General Settings',
      'Storefront Blockers',
      'Country Blocker',
      'IP Blocker',
      'Bot(VPN/Proxy) Blocker',
      'Customer Block Lists',
      'Block Lists(Legacy)',
      'Referrer Blocker',
      'ISP/ASN Blocker',
      'Order Filters',
      'Fraud Protect',
      'Auto-cancel filters',
      'Other Tools',
      'Content Protection',
      'Geolocation Redirects',
      'IP Address Lookup',
      'Contact Us',
      'FAQ',
    ];
    let at = -1;
    for (const label of order) {
      const next = text.indexOf(label, at + 1);
      expect(next, `"${label}" after position ${at}`).toBeGreaterThan(at);
      at = next;
    }
  });

  it('warns on the app-disabled route group only, with a Settings button', async () => {
    await setFlags(f.stack, { isAppDisabled: true });
    const warning = 'Based on your settings, all functions are temporarily suspended.';
    await open('/dashboard');
    await expect.poll(() => page.getByText(warning).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.waitForURL(`${f.stack.appUrl}/settings`);
    await page.getByText('ver 4.01').waitFor();
    await expect.poll(() => page.getByText(warning).count()).toBe(0);
  });

  it('shows "Write a review:" on desktop only, and not once a review was left', async () => {
    await open('/dashboard');
    await expect.poll(() => page.getByText('Write a review:').isVisible()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByText('Write a review:').isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 860 });
    await setFlags(f.stack, { isReviewLeft: true });
    await open('/dashboard');
    expect(await page.getByText('Write a review:').count()).toBe(0);
  });

  it('opens the user menu with its one action, except for a legacy account', async () => {
    const menu = page.getByRole('button', { name: /Demo Store/ }).first();
    await open('/dashboard');
    await clickAndDraw(menu);
    expect(await page.getByText('Subscription', { exact: true }).isVisible()).toBe(true);
    await setFlags(f.stack, { islegacyAccount: true });
    await open('/dashboard');
    await clickAndDraw(menu);
    expect(await page.getByText('Subscription', { exact: true }).count()).toBe(0);
  });

  it('asks for the app embed until the merchant activates it on the platform', async () => {
    const bar =
      'Action Required: Please activate our app in your Shopify Theme Editor; otherwise, some features of our app will not function.';
    await setAppEmbed(f.stack, false);
    await open('/dashboard');
    await expect.poll(() => page.getByText(bar).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'action-required-bar');
    const [editor] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Activate', exact: true }).click(),
    ]);
    await expect
      .poll(() => page.getByText('Have you successfully enabled the extension?').isVisible())
      .toBe(true);
    // The merchant saves the activated embed in the platform's theme editor.
    await editor.waitForLoadState();
    expect(editor.url()).toContain('activateAppId=');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Saved').first().waitFor();
    await editor.close();
    // "I confirm" reloads; the server learns of the change from the themes/update webhook.
    await page.getByRole('button', { name: 'I confirm' }).click();
    await expect
      .poll(
        async () => {
          await open('/dashboard');
          return page.getByText(bar).count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(0);
  });

  it('shows the footer extension banner without the theme scope, until "Do not show again"', async () => {
    const banner = 'Please enable the Gatehouse app extension to enhance protection efficiency.';
    await open('/dashboard');
    expect(await page.getByText(banner).count()).toBe(0);
    // The merchant takes read_themes away on the platform; app/scopes_update tells Gatehouse.
    await setScopes(f.stack, ['read_orders', 'write_orders']);
    await expect
      .poll(
        async () => {
          await open('/dashboard');
          return page.getByText(banner).isVisible();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    await screenshot(page, 'footer-extension-banner');
    const answered = extensionStatus();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Do not show again' }).click(),
    ]);
    await shellDrawn(answered);
    expect(await page.getByText(banner).count()).toBe(0);
    const { shop } = await f.stack.support<{ shop: { extensionEnabled: boolean } }>(
      'show?shop=demo',
    );
    expect(shop.extensionEnabled).toBe(true);
    await setScopes(f.stack, ['read_orders', 'write_orders', 'read_themes']);
  });

  it('asks a Free store to upgrade for Admin Access, and opens the storefront for a Pro one', async () => {
    await open('/dashboard');
    await page.getByRole('button', { name: 'Enable Admin Access' }).click();
    await expect
      .poll(() =>
        page
          .getByText(
            'This feature requires an Premium or Pay-As-You-Go subscription. Please upgrade your plan.',
          )
          .isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await setFlags(f.stack, { plan: 'premium' });
    await open('/dashboard');
    const [storefront] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Enable Admin Access' }).click(),
    ]);
    await storefront.waitForURL(/idya=true/);
    const url = new URL(storefront.url());
    expect(url.searchParams.get('idya')).toBe('true');
    expect(url.searchParams.get('shopId')).toBeTruthy();
    await storefront.close();
    await expect.poll(() => page.getByText('Set Admin Access').first().isVisible()).toBe(true);
  });

  it('shows the Pay-as-you-go panel only on that plan', async () => {
    await open('/dashboard');
    expect(await page.getByText('You are on the Pay as you go Plan').count()).toBe(0);
    await setFlags(f.stack, { plan: 'payg' });
    await open('/dashboard');
    await expect
      .poll(() => page.getByText('You are on the Pay as you go Plan').isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Upgrade to Premium' }).isVisible()).toBe(true);
  });

  it('shows a support message once, until the merchant marks it read', async () => {
    await f.stack.support('notify', { shop: 'demo', text: 'Your CSV import has finished.' });
    await open('/dashboard');
    await expect.poll(() => page.getByText('You have new message').isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(
      'Your CSV import has finished.',
    );
    await screenshot(page, 'notification-dialog');
    const refetched = page.waitForResponse(isNotificationCall);
    await page.getByRole('button', { name: 'Mark as Read' }).click();
    await expect.poll(() => page.getByText('You have new message').count()).toBe(0);
    await refetched;
    // Opened again: the server answers that nothing is unread, and the page draws that.
    const answered = page.waitForResponse(isNotificationCall);
    await open('/dashboard');
    expect(await (await answered).json()).toEqual({ id: null, content: null });
    await twoFrames();
    expect(await page.getByText('You have new message').count()).toBe(0);
  });

  it('validates the contact form with its exact messages and sends it to support', async () => {
    await open('/dashboard');
    await page.getByRole('button', { name: 'Contact Us' }).first().click();
    await page.getByText('Leave us message').first().waitFor();
    const email = page.getByLabel('Reply Email');
    await email.fill('not-an-email');
    await email.blur();
    await expect.poll(() => page.getByText('Eamil format is not valid').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByText('Please enter your message.').isVisible()).toBe(true);
    await screenshot(page, 'contact-validation');
    await email.fill('owner@demo-store.example');
    await page.getByLabel('Message Content').fill('How do I block a whole country?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => page.getByText('Message sent, Thank you for contacting us!').first().isVisible())
      .toBe(true);
    const { questions } = await f.stack.support<{ questions: { content: string }[] }>('questions');
    expect(questions.map((q) => q.content)).toContain('How do I block a whole country?');
  });

  it('looks right at 1280 px and 390 px', async () => {
    await setFlags(f.stack, { plan: 'payg', isShowWaf: true });
    await open('/dashboard');
    await page.getByText('Report Range').waitFor();
    await screenshot(page, 'dashboard-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await open('/dashboard');
    await page.getByText('Report Range').waitFor();
    await screenshot(page, 'dashboard-390');
    expect(await page.getByRole('button', { name: 'Toggle menu' }).isVisible()).toBe(true);
  });
});
