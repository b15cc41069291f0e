// After a deploy the server reports a new admin build: a merchant still running the old one
// is told to refresh with Ctrl+F5, and can dismiss the banner.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';

describe('a new admin version', () => {
  let f: Fixture;
  let dist: string;
  beforeAll(async () => {
    // The deployed build: the same files, but the server announces another build id.
    dist = mkdtempSync(join(tmpdir(), 'gatehouse-dist-'));
    cpSync(join(process.cwd(), 'apps', 'admin', 'dist'), dist, { recursive: true });
    writeFileSync(join(dist, 'version.json'), JSON.stringify({ version: 'deployed-after-you' }));
    f = await setUp({ ADMIN_DIST: dist });
  });
  afterAll(async () => {
    await tearDown(f);
    rmSync(dist, { recursive: true, force: true });
  });

  it('asks the merchant to refresh with Ctrl+F5, until dismissed', async () => {
    const page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false });
    await page.goto(`${f.stack.appUrl}/dashboard`);
    await page.getByText('New version available').waitFor();
    expect(await page.getByText('Ctrl+F5').first().isVisible()).toBe(true);
    await screenshot(page, 'new-version-banner');
    await page
      .getByRole('button', { name: /dismiss/i })
      .first()
      .click();
    await expect.poll(() => page.getByText('New version available').count()).toBe(0);
    await page.close();
  });
});
