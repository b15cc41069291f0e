// A merchant blocks AI training crawlers: the Bot Blocker's robots.txt card reads the
// store's live robots.txt (the platform's default) and says GPTBot is allowed by it, with the
// robots.txt.liquid lines and the steps; once the store serves those lines, a check again says
// GPTBot is disallowed. On a desktop and on a phone.
import { EmulatorControl } from '@gatehouse/platform-emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';

const CATEGORY = 'AI training crawlers';

describe("the AI crawlers' robots.txt check", () => {
  let f: Fixture;
  let admin: Page;
  const card = () => admin.getByRole('region', { name: 'AI crawlers and your robots.txt' });
  const gptBotRow = () => card().getByText('GPTBot', { exact: true }).locator('xpath=../..');

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
  });
  afterAll(() => tearDown(f));

  it("says GPTBot is allowed by the store's robots.txt and gives the lines", async () => {
    await admin.goto(`${f.stack.appUrl}/botBlocker`);
    await card().getByText('Block AI training or AI search crawlers above').waitFor();
    await admin.getByLabel(CATEGORY).selectOption('block');
    await clickAndAwait(admin, 'Save', '/api/botBlocker/save');
    await shows(admin, 'Bot Blocker saved');

    await gptBotRow().getByText('Allowed by your robots.txt').waitFor();
    const lines = await card().getByLabel('robots.txt.liquid').innerText();
    expect(lines).toContain('{% for group in robots.default_groups %}');
    expect(lines).toContain('User-agent: GPTBot\nDisallow: /');
    await card().getByText('Online Store → Themes').waitFor();
    await card().getByText('stopped only at the Gatehouse firewall', { exact: false }).waitFor();
    await card().scrollIntoViewIfNeeded();
    await screenshot(admin, 'robots-txt-allowed');
  });

  it('says GPTBot is disallowed once the store serves the lines', async () => {
    const emulator = new EmulatorControl(f.stack.emulatorUrl);
    await emulator.setRobotsTxt(
      DEMO,
      'User-agent: *\nDisallow: /cart\n\nUser-agent: GPTBot\nDisallow: /\n',
    );
    await admin.reload();
    await card().getByRole('button', { name: 'Check again' }).click();
    await gptBotRow().getByText('Disallowed by your robots.txt').waitFor();
    expect(await card().getByLabel('robots.txt.liquid').innerText()).not.toContain('GPTBot');
    await screenshot(admin, 'robots-txt-disallowed');

    await admin.setViewportSize({ width: 390, height: 844 });
    await card().scrollIntoViewIfNeeded();
    await gptBotRow().getByText('Disallowed by your robots.txt').waitFor();
    await screenshot(admin, 'robots-txt-phone');
  });
});
