// The usual starting point of an admin browser test: the stack, and in its browser a merchant
// of the demo store signed in, on the Premium plan, with the app embed on.
import type { Page } from 'playwright-core';
import { setAppEmbed, setFlags } from './account-state.js';
import { setUp, type Fixture } from './fixtures.js';
import { signIn } from './sign-in.js';

export async function setUpPremiumMerchant(): Promise<{ f: Fixture; page: Page }> {
  const f = await setUp();
  const page = await f.chrome.browser.newPage();
  await signIn(page, f.stack.appUrl);
  await setFlags(f.stack, { isNew: false, plan: 'premium' });
  await setAppEmbed(f.stack, true);
  return { f, page };
}
