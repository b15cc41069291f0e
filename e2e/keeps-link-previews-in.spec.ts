// A merchant blocks every kind of bot the Bot Blocker lists, AI agents by purpose included:
// the page says where each category can be stopped (most bots run no JavaScript, so only the
// firewall sees them), a link preview still gets in, and a good bot the merchant blocks by name
// is blocked while the other previews still get in.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';

const VISITOR = '8.8.8.8';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const PINTEREST = 'Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';
const CATEGORIES = [
  'AI training crawlers',
  'AI search crawlers',
  'AI assistants and shopping agents',
  'Other bots',
];

describe('bots by purpose, and the good bots', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;

  /** A storefront visit whose browser sends `userAgent`; true when it was blocked. */
  const blocked = (userAgent: string, path: string) =>
    visitStorefront(f, `${storefront}${path}`, VISITOR, undefined, undefined, userAgent);

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
  });
  afterAll(() => tearDown(f));

  it('blocks the AI purposes and other bots, says where each acts, and lets a link preview in', async () => {
    await admin.goto(`${f.stack.appUrl}/botBlocker`);
    await admin.getByRole('heading', { name: 'Good bots' }).waitFor();
    for (const name of CATEGORIES)
      await admin.getByLabel(name, { exact: true }).selectOption('block');
    expect(
      await admin.getByText('only the firewall stops them', { exact: false }).count(),
    ).toBeGreaterThan(3);
    await clickAndAwait(admin, 'Save', '/api/botBlocker/save');
    await shows(admin, 'Bot Blocker saved');

    expect(await blocked(SLACK, '?preview=slack')).toBe(false);
    await screenshot(admin, 'bot-blocker-purposes');
  });

  it('blocks one good bot by name and keeps letting the others in', async () => {
    await admin.getByLabel('Pinterestbot: let in, block or monitor').selectOption('block');
    await clickAndAwait(admin, 'Save', '/api/botBlocker/save');
    await shows(admin, 'Bot Blocker saved');

    expect(await blocked(PINTEREST, '?preview=pinterest')).toBe(true);
    expect(await blocked(WHATSAPP, '?preview=whatsapp')).toBe(false);

    await admin.reload();
    // The choice shows once the page has read the saved settings.
    await expect
      .poll(() => admin.getByLabel('Pinterestbot: let in, block or monitor').inputValue())
      .toBe('block');
    await admin.getByRole('button', { name: /Show all \d+ good bots/ }).click();
    await admin.getByText('Shopify Mobile', { exact: true }).waitFor();
    await screenshot(admin, 'bot-blocker-good-bots');
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.getByRole('heading', { name: 'Good bots' }).scrollIntoViewIfNeeded();
    await screenshot(admin, 'bot-blocker-good-bots-390');
  });
});
