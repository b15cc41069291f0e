// A merchant puts "Germany → German store" above "Europe → EU store" on Geolocation Redirects:
// it saves, in that order, and the test as a visitor sends Germany to the German store and
// France to the EU store. What the save refuses is said in the rule it is about (a text at its
// field), not in a passing toast; on a desktop and on a phone. A redirect below a broader one
// that leaves it nothing is pointed out as it is set up.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant, shows } from './support/merchant.js';

const GERMAN_STORE = 'https://de.gatehouse-demo.test';
const EU_STORE = 'https://eu.gatehouse-demo.test';

describe('geolocation redirects in order', () => {
  let f: Fixture;
  let admin: Page;
  /** The fields of the redirect at position `n` (from 1), by their label. */
  const field = (n: number, label: string) => admin.getByLabel(label, { exact: true }).nth(n - 1);

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
  });
  afterAll(() => tearDown(f));

  it('saves Germany → German store above Europe → EU store', async () => {
    await admin.goto(`${f.stack.appUrl}/redirect`);
    await admin.getByRole('button', { name: 'Add a redirect' }).click();
    await field(1, 'Add a country').fill('Germany');
    await admin.getByRole('button', { name: 'Add Germany', exact: true }).click();
    await field(1, 'Send them to').fill(GERMAN_STORE);

    await admin.getByRole('button', { name: 'Add redirect' }).click();
    await field(2, 'Europe').check();
    await field(2, 'Send them to').fill(EU_STORE);
    await screenshot(admin, 'geo-redirects-specific-first');

    const saved = admin.waitForResponse((r) => r.url().endsWith('/api/redirect/save'));
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await shows(admin, 'Redirects saved');
    await admin.reload();
    await expect.poll(() => field(1, 'Send them to').inputValue()).toBe(`${GERMAN_STORE}/`);
    expect(await field(2, 'Send them to').inputValue()).toBe(`${EU_STORE}/`);
  });

  it('sends a German visitor to the German store and a French one to the EU store', async () => {
    for (const [country, store] of [
      ['Germany', GERMAN_STORE],
      ['France', EU_STORE],
    ] as const) {
      await admin.getByLabel('Country', { exact: true }).selectOption({ label: country });
      await admin.getByRole('button', { name: 'Test', exact: true }).click();
      await shows(admin, new RegExp(`A visitor from ${country} is sent to ${store}/`));
    }
  });

  it("says the server's refusal in the rule it is about, not in a toast", async () => {
    // A country the picker never offers, sent as if it had: only the server can refuse it.
    await admin.route(`${f.stack.appUrl}/api/redirect/save`, async (route) => {
      const body = route.request().postDataJSON() as { rules: { countries: string[] }[] };
      body.rules[1]!.countries = ['XX'];
      await route.continue({ postData: JSON.stringify(body) });
    });
    await field(2, 'Keep the page they asked for').uncheck();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await shows(admin, 'Redirect 2 was not saved');
    await shows(admin, '"XX" is not a country code (use two letters, like US or DE)');
    expect(await admin.getByText('Redirect 1 was not saved').count()).toBe(0);
    expect(await admin.locator('.Polaris-Frame-Toast').count()).toBe(0);
    await screenshot(admin, 'geo-redirects-refused-at-rule');
    await admin.unroute(`${f.stack.appUrl}/api/redirect/save`);
    await admin.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => admin.getByText('Redirect 2 was not saved').count()).toBe(0);
  });

  it('says a refused prompt text under its field, in the rule, on a phone too', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.getByText('Ask the visitor first', { exact: true }).first().click();
    await field(1, 'Button that redirects').fill('');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => admin.getByText('Enter the text of the button that redirects.').isVisible())
      .toBe(true);
    await screenshot(admin, 'geo-redirects-field-error-phone');
    await field(1, 'Button that redirects').fill('Go to the German store');
    const saved = admin.waitForResponse((r) => r.url().endsWith('/api/redirect/save'));
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
  });

  it('warns of a redirect the ones above leave nothing to, as it is set up', async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.getByRole('button', { name: 'Add redirect' }).click();
    await field(3, 'Add a country').fill('Austria');
    await admin.getByRole('button', { name: 'Add Austria', exact: true }).click();
    await shows(
      admin,
      'This redirect is never used: every country it covers is taken by redirect 2 above it.',
    );
    await screenshot(admin, 'geo-redirects-never-used');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'geo-redirects-never-used-390');
    await admin.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => admin.getByText('This redirect is never used').count()).toBe(0);
  });
});
