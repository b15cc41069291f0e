// The merchant's sign-in journey, shared by browser tests that need a signed-in shop.
import type { Page } from 'playwright-core';

/** Signs `handle` in through the platform; approves the consent page when it is shown. */
export async function signIn(page: Page, appUrl: string, handle = 'demo'): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Shopify store url:').fill(handle);
  await page.getByRole('button', { name: 'Login' }).click();
  const inApp = (url: URL) =>
    url.origin === appUrl &&
    url.pathname !== '/login' &&
    !url.pathname.startsWith('/loginComplete');
  await page.waitForURL((url) => url.pathname.includes('/oauth/authorize') || inApp(url));
  if (page.url().includes('/oauth/authorize')) {
    await page.getByRole('button', { name: 'Install' }).click();
    await page.waitForURL(inApp);
  }
}
