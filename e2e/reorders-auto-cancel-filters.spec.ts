// A merchant reorders the auto-cancel filters with the keyboard alone: focus a filter's drag
// handle, Space to lift it, ArrowDown to move it past the next one, Space to drop it. The list
// shows the new priority order at once, the order is saved, and a reload shows it again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, setUpPremiumMerchant, shows } from './support/merchant.js';

const FIRST = 'Mismatched addresses';
const SECOND = 'Disposable email domains';

describe('reordering auto-cancel filters with the keyboard', () => {
  let f: Fixture;
  let admin: Page;

  beforeAll(async () => {
    ({ f, page: admin } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
  });
  afterAll(() => tearDown(f));

  /** The filters' headings, top to bottom ("1. Name"). */
  const order = () => admin.getByRole('heading', { name: /^\d+\. / }).allInnerTexts();

  async function addFilter(name: string, open: string) {
    await admin.getByRole('button', { name: open }).click();
    await admin.getByLabel('Name').fill(name);
    await clickAndAwait(admin, 'Save filter', '/api/autoCancel/save');
    await admin.getByRole('heading', { name: new RegExp(`^\\d+\\. ${name}$`) }).waitFor();
  }

  /**
   * ArrowDown until the lifted filter is over position 2. The list measures its places once the
   * filter is lifted; an arrow pressed before that, on a busy machine, moves nothing, and the
   * merchant presses it again — as this does, a few times at most.
   */
  async function moveDownOnce() {
    const over = admin.getByText('Filter 1 is over position 2.');
    for (let attempt = 1; ; attempt += 1) {
      await admin.keyboard.press('ArrowDown');
      try {
        await over.waitFor({ state: 'attached', timeout: 3_000 });
        return;
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
  }

  it('moves the first filter below the second with Space, ArrowDown, Space, and keeps it', async () => {
    await admin.goto(`${f.stack.appUrl}/blacklists`);
    await admin.getByText('No filter yet').waitFor();
    await addFilter(FIRST, 'Create your first filter');
    await addFilter(SECOND, 'Add filter');
    expect(await order()).toEqual([`1. ${FIRST}`, `2. ${SECOND}`]);

    const handle = admin.getByRole('button', { name: `Move filter 1: ${FIRST}` });
    await handle.focus();
    await admin.keyboard.press('Space');
    // The handle says it is pressed while its filter is lifted; what a screen reader hears
    // says when the lifted filter is over the next place.
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await moveDownOnce();
    const saved = admin.waitForResponse(
      (r) => r.url().includes('/api/autoCancel/reorder') && r.request().method() === 'POST',
    );
    await admin.keyboard.press('Space');
    expect((await saved).ok()).toBe(true);
    await shows(admin, 'Order saved');
    expect(await order()).toEqual([`1. ${SECOND}`, `2. ${FIRST}`]);
    await screenshot(admin, 'auto-cancel-reordered');

    await admin.reload();
    await admin.getByRole('heading', { name: `1. ${SECOND}` }).waitFor();
    expect(await order()).toEqual([`1. ${SECOND}`, `2. ${FIRST}`]);
  });
});
