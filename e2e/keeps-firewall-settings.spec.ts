// A merchant edits Firewall Settings as every other settings page: the save bar appears with
// the first edit and saves, a move to another page with unsaved edits asks first (Stay keeps
// them, Leave page drops them), and a refused save is said under the field it is about, on a
// desktop and on a phone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant, shows } from './support/merchant.js';

describe('Firewall Settings', () => {
  let f: Fixture;
  let admin: Page;
  const requests = () => admin.getByRole('spinbutton', { name: 'Requests' });
  const leaveDialog = () => admin.getByRole('dialog', { name: 'Leave page with unsaved changes?' });
  const saveButton = () => admin.getByRole('button', { name: 'Save', exact: true });
  const goToDashboard = () =>
    admin.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    await setFlags(f.stack, { isShowWaf: true });
  });
  afterAll(() => tearDown(f));

  it('shows the save bar only once something is edited', async () => {
    await admin.goto(`${f.stack.appUrl}/firewallSettings`);
    await admin.getByLabel('Limit the requests of each visitor address').waitFor();
    expect(await saveButton().count()).toBe(0);
    await admin.getByLabel('Limit the requests of each visitor address').check();
    await requests().fill('120');
    await expect.poll(() => admin.getByText('Unsaved changes').isVisible()).toBe(true);
    await screenshot(admin, 'firewall-settings-save-bar');
  });

  it('asks before the navigation drops the edits, and Stay keeps them', async () => {
    await goToDashboard();
    await leaveDialog().waitFor();
    expect(new URL(admin.url()).pathname).toBe('/firewallSettings');
    await leaveDialog().getByRole('button', { name: 'Stay' }).click();
    await expect.poll(() => leaveDialog().count()).toBe(0);
    expect(await requests().inputValue()).toBe('120');
  });

  it('says a refused save under the store origin and keeps the edits', async () => {
    const origin = admin.getByLabel('Store origin');
    await origin.fill('http://169.254.169.254/latest');
    const refused = admin.waitForResponse((r) => r.url().endsWith('/api/firewall/saveSettings'));
    await saveButton().click();
    expect((await refused).status()).toBe(400);
    await expect.poll(() => origin.getAttribute('aria-invalid')).toBe('true');
    await shows(admin, 'The store origin must be a public address of your store');
    await screenshot(admin, 'firewall-settings-origin-refused');
    expect(await requests().inputValue()).toBe('120');
    await admin.getByLabel('Store origin').fill('');
  });

  it('saves with the save bar, after which leaving asks nothing', async () => {
    await saveButton().click();
    await shows(admin, 'Firewall settings saved');
    await expect.poll(() => saveButton().count()).toBe(0);
    await admin.reload();
    await expect.poll(() => requests().inputValue()).toBe('120');
    await goToDashboard();
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    expect(await leaveDialog().count()).toBe(0);
  });

  it('drops the edits once the merchant chooses Leave page, on a phone too', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`${f.stack.appUrl}/dashboard`);
    await admin.getByRole('button', { name: 'Toggle menu' }).click();
    await admin.getByRole('navigation').getByRole('link', { name: 'Firewall Settings' }).click();
    await admin.waitForURL((url) => url.pathname === '/firewallSettings');
    await requests().fill('90');
    await expect.poll(() => admin.getByText('Unsaved changes').isVisible()).toBe(true);
    await screenshot(admin, 'firewall-settings-save-bar-phone');
    // The save bar covers the top bar on a phone: the way out is the browser's Back.
    await admin.goBack();
    await leaveDialog().getByRole('button', { name: 'Leave page' }).click();
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    await admin.goto(`${f.stack.appUrl}/firewallSettings`);
    await expect.poll(() => requests().inputValue()).toBe('120');
  });
});
