// A merchant writes an auto-cancel filter with a pattern in its first condition and an IP range
// in its second. The range is checked as it is typed, and its message shows under the second
// condition before any save; a save with a bad pattern and a bad range shows each message under
// its own condition; a pattern only the server refuses comes back from the save under the first
// condition, with no toast over the form, and nothing is saved until both are right.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';

const FIRST = 'Group 1, condition 1';
const SECOND = 'Group 1, condition 2';

describe('a refused auto-cancel filter', () => {
  let f: Fixture;
  let admin: Page;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
  });
  afterAll(() => tearDown(f));

  /** The message shown under a condition's value input ('' when there is none). */
  async function errorUnder(condition: string): Promise<string> {
    const input = admin.getByLabel(`${condition}: value`);
    if ((await input.getAttribute('aria-invalid')) !== 'true') return '';
    const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/);
    const texts = await Promise.all(
      ids
        .filter((id) => id.endsWith('Error'))
        .map((id) => admin.locator(`[id="${id}"]`).innerText()),
    );
    return texts.join(' ').trim();
  }

  const toasts = () => admin.locator('.Polaris-Frame-Toast').count();

  it('shows each problem under its own condition, the IP as it is typed', async () => {
    await admin.goto(`${f.stack.appUrl}/blacklists`);
    await admin.getByText('No filter yet').waitFor();
    await admin.getByRole('button', { name: 'Create your first filter' }).click();
    await admin.getByLabel('Name').fill('Odd buyers');
    await admin.getByLabel(`${FIRST}: field`).selectOption('email');
    await admin.getByLabel(`${FIRST}: operator`).selectOption('matches');
    await admin.getByLabel(`${FIRST}: value`).fill('(?<=vip)@');
    await admin.getByRole('button', { name: 'Add condition' }).click();
    await admin.getByLabel(`${SECOND}: field`).selectOption('browserIp');

    // As it is typed, before any save: a range with host bits set says which one was meant.
    await admin.getByLabel(`${SECOND}: value`).pressSequentially('10.0.0.1/8');
    await expect
      .poll(() => errorUnder(SECOND))
      .toBe('"10.0.0.1/8" is not an IP address or CIDR range (did you mean 10.0.0.0/8?).');
    expect(await errorUnder(FIRST)).toBe('');
    await screenshot(admin, 'auto-cancel-ip-as-typed');

    // Saved as it is: each message under its own condition, nothing sent.
    let sent = 0;
    const count = (r: { url(): string }) => {
      if (r.url().includes('/api/autoCancel/save')) sent += 1;
    };
    admin.on('request', count);
    await admin.getByRole('button', { name: 'Save filter', exact: true }).click();
    await expect.poll(() => errorUnder(FIRST)).toMatch(/lookbehind.*not supported/);
    expect(await errorUnder(SECOND)).toMatch(/did you mean 10\.0\.0\.0\/8/);
    expect(sent).toBe(0);
    admin.off('request', count);
    await screenshot(admin, 'auto-cancel-errors-under-each-condition');
  });

  it('puts a pattern only the server refuses under its condition, with no toast', async () => {
    await admin.getByLabel(`${SECOND}: value`).fill('10.0.0.0/8');
    await expect.poll(() => errorUnder(SECOND)).toBe('');
    // A repeat count the browser's own check lets through, and the server's pattern engine
    // cannot run.
    await admin.getByLabel(`${FIRST}: value`).fill('x{1001}');
    const answered = admin.waitForResponse((r) => r.url().includes('/api/autoCancel/save'));
    await admin.getByRole('button', { name: 'Save filter', exact: true }).click();
    const res = await answered;
    expect(res.status()).toBe(400);
    const body = (await res.json()) as { issues: { path: unknown[] }[] };
    expect(body.issues.map((e) => e.path)).toEqual([
      ['match', 'groups', 0, 'conditions', 0, 'value'],
    ]);
    await expect.poll(() => errorUnder(FIRST)).toMatch(/cannot be used in filter patterns/);
    expect(await errorUnder(SECOND)).toBe('');
    expect(await toasts()).toBe(0);
    expect(await admin.getByText('The filter was not saved').count()).toBe(0);
    await screenshot(admin, 'auto-cancel-server-error-under-condition');
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => errorUnder(FIRST)).toMatch(/cannot be used in filter patterns/);
    await screenshot(admin, 'auto-cancel-server-error-under-condition-390');
    await admin.setViewportSize({ width: 1280, height: 900 });

    // Fixed, it saves.
    await admin.getByLabel(`${FIRST}: value`).fill('^vip');
    expect(await errorUnder(FIRST)).toBe('');
    const saved = admin.waitForResponse((r) => r.url().includes('/api/autoCancel/save'));
    await admin.getByRole('button', { name: 'Save filter', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await admin.getByRole('heading', { name: '1. Odd buyers' }).waitFor();
  });
});
