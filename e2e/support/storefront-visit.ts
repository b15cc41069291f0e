// One storefront page view from a given visitor address: the decision request carries it as
// X-Forwarded-For (the stack trusts loopback as its proxy), and the answer is whether the
// block page or the store appeared. A visit can arrive from another site: the browser then
// reports that page as its referrer; and it can come from another user agent than the test
// browser's, which the decision request then carries.
import type { Page, Route } from 'playwright-core';
import type { Fixture } from './fixtures.js';

/** A heading of the emulator's demo store. */
export const STORE_TEXT = 'Gear for the long way round';

/**
 * Opens `storefront` as a visitor from `ip`; true when the block page was shown. `onBlocked`
 * sees the blocked page before it closes (a screenshot, say); `referrer` is the page the
 * visitor followed a link from; `userAgent` the name the visitor's browser sends.
 */
export async function visitStorefront(
  f: Fixture,
  storefront: string,
  ip: string,
  onBlocked?: (page: Page) => Promise<void>,
  referrer?: string,
  userAgent?: string,
): Promise<boolean> {
  const { browser } = f.chrome;
  await browser.unrouteAll({ behavior: 'ignoreErrors' });
  await browser.route(`${f.stack.appUrl}/api/storefront/**`, (route: Route) =>
    route.continue({
      headers: {
        ...route.request().headers(),
        'x-forwarded-for': ip,
        ...(userAgent !== undefined ? { 'user-agent': userAgent } : {}),
      },
    }),
  );
  const page = await browser.newPage();
  await page.goto(storefront, referrer ? { referer: referrer } : {});
  await page
    .getByRole('heading', { name: STORE_TEXT })
    .or(page.locator('#gatehouse-page'))
    .first()
    .waitFor();
  const blocked = (await page.locator('#gatehouse-page').count()) > 0;
  if (blocked && onBlocked) await onBlocked(page);
  await page.close();
  await browser.unrouteAll({ behavior: 'ignoreErrors' });
  return blocked;
}
