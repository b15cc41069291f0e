// Every visible string the product fixes to the letter (typos included), checked where it
// appears: one row per place, with the account state that makes the place appear.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppEmbed, setFlags } from './support/account-state.js';
import { setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';

interface Place {
  where: string;
  path: string;
  flags?: Record<string, unknown>;
  /** What the merchant does to make the place appear. */
  open?: (page: Page) => Promise<void>;
  texts: string[];
}

const click =
  (name: string, exact = true) =>
  async (page: Page) => {
    await page.getByRole('button', { name, exact }).first().click();
  };

const places: Place[] = [
  {
    where: 'footer',
    path: '/dashboard',
    texts: ['Gatehouse', 'ver 4.01'],
  },
  {
    where: 'dashboard',
    path: '/dashboard',
    flags: { plan: 'payg' },
    texts: [
      'Hi, Demo Store',
      'Welcome to Gatehouse.',
      'Report Range',
      'Reload',
      'Customer Block List',
      'Fraud Protect',
      'ASN Blocker',
      'IP Blocker',
      'Country Blocker',
      'Bot/VPN/Proxy Blocker',
      'Page views blocked',
      'Order cancelled',
      'You are on the Pay as you go Plan',
      'Upgrade to Premium',
      'Admin Access',
      'Disabled',
      'Setup Block lists',
      'Protect Now',
      'Go To Settings',
      'Setup countries list',
      'Redirect Now',
    ],
  },
  {
    where: 'app-disabled warning',
    path: '/visitors',
    flags: { isAppDisabled: true },
    texts: ['Based on your settings, all functions are temporarily suspended.', 'Settings'],
  },
  {
    where: 'Action Required bar',
    path: '/settings',
    texts: [
      'Action Required: Please activate our app in your Shopify Theme Editor; otherwise, some features of our app will not function.',
      'Activate',
      'Installation Guide',
    ],
  },
  {
    where: 'Extension info dialog',
    path: '/dashboard',
    open: click('Why should you activate Gatehouse Extension?'),
    texts: [
      'Why should you activate Gatehouse Extension?',
      'Without the extension',
      '70%',
      'China',
      'Nigeria',
      'OK',
    ],
  },
  {
    where: '"Leave us message" dialog',
    path: '/dashboard',
    open: click('Contact Us'),
    texts: [
      'Leave us message',
      'Name',
      'Reply Email',
      'Message Content',
      'Send',
      'Cancel',
      '12 hours',
      'support@gatehouse.app',
    ],
  },
  {
    where: 'Upgrade plan modal',
    path: '/dashboard',
    open: click('Enable Admin Access'),
    texts: [
      'Upgrade plan',
      'This feature requires an Premium or Pay-As-You-Go subscription. Please upgrade your plan.',
    ],
  },
  {
    where: 'privacy policy',
    path: '/private-policy',
    texts: [
      'Cookies and usage data',
      'Email',
      'First name and last name',
      'one month',
      'Jan 12, 2020',
    ],
  },
];

describe('the fixed texts of the product where they belong', () => {
  let f: Fixture;
  let page: Page;
  beforeAll(async () => {
    f = await setUp();
    page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl);
    await setAppEmbed(f.stack, false);
  });
  afterAll(() => tearDown(f));

  it.each(places)('$where', async ({ path, flags, open, texts }) => {
    await setFlags(f.stack, { isNew: false, plan: 'free', isAppDisabled: false, ...flags });
    await page.goto(`${f.stack.appUrl}${path}`);
    await page.getByText('ver 4.01').or(page.getByText('Jan 12, 2020')).first().waitFor();
    if (open) await open(page);
    for (const text of texts) {
      await expect
        .poll(() => page.getByText(text).first().isVisible(), { message: `"${text}" on ${path}` })
        .toBe(true);
    }
  });

  it('shows the sign-in texts to a logged-out merchant', async () => {
    await f.chrome.browser.clearCookies();
    await page.goto(`${f.stack.appUrl}/login`);
    for (const text of [
      'Please sign-in to your account and start the adventure',
      'Shopify store url:',
      'abc123',
    ]) {
      await expect
        .poll(() => page.getByText(text).first().isVisible(), { message: text })
        .toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
  });
});
