// The "Contact us" toggle never covers a navigation item or a link: on a desktop screen
// (1280×900) with the longest navigation scrolled from top to bottom, and on a phone (390 px)
// with the page scrolled from top to bottom and with the navigation open. Covered means the
// toggle's box meets the item's and the toggle is what a click there would reach.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from './support/account-state.js';
import { screenshot, tearDown, type Fixture } from './support/fixtures.js';
import { setUpPremiumMerchant } from './support/merchant.js';

const TOGGLE = '.gh-contact-toggle';

/**
 * The navigation items and links the toggle covers where the page now stands (their text), or
 * null when there is no toggle on screen.
 */
function coveredItems(page: Page): Promise<string[] | null> {
  return page.evaluate((selector) => {
    const toggle = document.querySelector<HTMLElement>(selector);
    if (!toggle) return null;
    const box = toggle.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return null;
    const items = document.querySelectorAll(
      'a[href], .Polaris-Navigation__Item, [role="link"], button, [role="button"], input, select, textarea',
    );
    const covered: string[] = [];
    for (const item of Array.from(items)) {
      if (toggle.contains(item) || item.contains(toggle)) continue;
      const r = item.getBoundingClientRect();
      const left = Math.max(r.left, box.left);
      const right = Math.min(r.right, box.right);
      const top = Math.max(r.top, box.top);
      const bottom = Math.min(r.bottom, box.bottom);
      if (right - left < 1 || bottom - top < 1) continue;
      const x = (left + right) / 2;
      const y = (top + bottom) / 2;
      // Covered: the item shows there without the toggle, and the toggle hides it.
      toggle.style.visibility = 'hidden';
      const without = document.elementFromPoint(x, y);
      toggle.style.visibility = '';
      const onTop = document.elementFromPoint(x, y);
      if (without && item.contains(without) && onTop && toggle.contains(onTop)) {
        covered.push((item.textContent ?? '').trim() || item.outerHTML.slice(0, 80));
      }
    }
    return covered;
  }, TOGGLE);
}

/** Scrolls `element` (the page when null) from top to bottom, checking at every step. */
async function coveredWhileScrolling(page: Page, scroller: string | null): Promise<string[]> {
  const found = new Set<string>();
  const steps = 12;
  for (let step = 0; step <= steps; step++) {
    await page.evaluate(
      ({ scroller, share }) => {
        const el = scroller ? document.querySelector(scroller) : document.scrollingElement;
        if (el) el.scrollTop = (el.scrollHeight - el.clientHeight) * share;
      },
      { scroller, share: step / steps },
    );
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    const covered = await coveredItems(page);
    expect(covered, 'the toggle is on screen').not.toBeNull();
    for (const item of covered ?? []) found.add(item);
  }
  return [...found];
}

const NAV = '.Polaris-Navigation__PrimaryNavigation';
/** Pages with links and buttons down to their foot and out to their right edge. */
const PAGES = ['/dashboard', '/visitors', '/ipBlocker', '/settings', '/faq'];

describe('the Contact us toggle', () => {
  let f: Fixture;
  let page: Page;

  beforeAll(async () => {
    ({ f, page } = await setUpPremiumMerchant({ width: 1280, height: 900 }));
    // The Firewall section makes the navigation its longest; FAQ is its last item.
    await setFlags(f.stack, { isShowWaf: true });
  });
  afterAll(() => tearDown(f));

  it('covers no navigation item at 1280×900, wherever the navigation is scrolled', async () => {
    for (const path of PAGES) {
      await page.goto(`${f.stack.appUrl}${path}`);
      await page.locator(TOGGLE).waitFor();
      await page.getByRole('link', { name: 'FAQ', exact: true }).waitFor();
      // The Firewall section (its NEW badge) is in.
      await page.getByText('NEW', { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await coveredWhileScrolling(page, NAV), path).toEqual([]);
      expect(await coveredWhileScrolling(page, null), path).toEqual([]);
    }
    await screenshot(page, 'contact-toggle-1280');
    await page.locator(TOGGLE).click();
    await expect.poll(() => page.getByText('Leave us message').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('covers no link at 390 px, wherever the page is scrolled, nor the open navigation', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of PAGES) {
      await page.goto(`${f.stack.appUrl}${path}`);
      await page.locator(TOGGLE).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await coveredWhileScrolling(page, null), path).toEqual([]);
    }
    await screenshot(page, 'contact-toggle-390');
    await page.locator('.Polaris-TopBar__NavigationIcon').click();
    await page.getByRole('link', { name: 'FAQ', exact: true }).waitFor();
    expect(await coveredWhileScrolling(page, NAV)).toEqual([]);
    await screenshot(page, 'contact-toggle-390-navigation');
    await page.keyboard.press('Escape');
    await page.locator(TOGGLE).click();
    await expect.poll(() => page.getByText('Leave us message').first().isVisible()).toBe(true);
  });
});
