// A merchant turns on the Bot Blocker's "Scripts and HTTP libraries" category: a storefront
// visit whose browser sends a python-requests user agent sees the block page at once, a
// browser's visit shops as usual, and the category counts the visit it blocked; a regular
// expression with lookahead, which the linear-time engine cannot run, is refused on the field,
// naming it; in monitor mode
// the visitor gets in while the visitor log records "Would block".
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';
import { visitStorefront } from './support/storefront-visit.js';
import { waitForLoggedVisits } from './support/visitor-log.js';

const VISITOR = '8.8.8.8';
const SCRIPT = 'python-requests/2.32.3';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const CATEGORY = 'Scripts and HTTP libraries';

describe('blocking bots by their user agent', () => {
  let f: Fixture;
  let admin: Page;
  let storefront: string;

  /** A storefront visit whose browser sends `userAgent`; true when it was blocked. */
  const visit = (userAgent: string, path = '') =>
    visitStorefront(
      f,
      `${storefront}${path}`,
      VISITOR,
      (page) => screenshot(page, 'storefront-bot-blocked'),
      undefined,
      userAgent,
    );

  const saveMode = async (mode: 'block' | 'monitor') => {
    await admin.getByLabel(CATEGORY).selectOption(mode);
    await clickAndAwait(admin, 'Save', '/api/botBlocker/save');
    await shows(admin, 'Bot Blocker saved');
  };

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
  });
  afterAll(() => tearDown(f));

  it('blocks a script at once when the merchant turns its category on', async () => {
    expect(await visit(SCRIPT)).toBe(false);

    await admin.goto(`${f.stack.appUrl}/botBlocker`);
    await admin.getByText('No custom patterns yet').waitFor();
    expect(await admin.getByLabel(CATEGORY).inputValue()).toBe('off');
    await saveMode('block');

    expect(await visit(SCRIPT)).toBe(true);
    expect(await visit(CHROME)).toBe(false);

    // The visit it blocked counts on the category once the visit queue has written it.
    await expect
      .poll(
        async () => {
          await admin.reload();
          await admin.getByRole('heading', { name: CATEGORY }).waitFor();
          return admin.getByText('1 visit decided', { exact: false }).isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await screenshot(admin, 'bot-blocker');
  });

  it('refuses a regular expression with lookahead, naming it', async () => {
    await admin.getByLabel('User-agent pattern').fill('^bot(?!s)');
    await admin.getByLabel('Regular expression').check();
    await admin.getByRole('button', { name: 'Add pattern' }).click();
    await expect
      .poll(() =>
        admin
          .getByText('lookahead, (?= or (?!, is not supported', { exact: false })
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await admin.getByText('No custom patterns yet').isVisible()).toBe(true);
  });

  it('lets the visitor in and logs "Would block" in monitor mode', async () => {
    await saveMode('monitor');

    expect(await visit(SCRIPT, '?visit=monitored')).toBe(false);
    await waitForLoggedVisits(f, VISITOR, 1, (v) => v.url.includes('visit=monitored'));
    await admin.goto(`${f.stack.appUrl}/visitors`);
    const row = admin.getByRole('row', { name: /visit=monitored/ }).first();
    await row.waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toContain('Would block');
  });
});
