// Shared set-up for a browser test file: one stack and one browser, screenshots on request.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, type OpenBrowser } from './browser.js';
import { startStack, type Stack, type StackOptions } from './stack.js';

export interface Fixture {
  stack: Stack;
  chrome: OpenBrowser;
}

export async function setUp(
  serverEnv: Record<string, string> = {},
  options: StackOptions = {},
): Promise<Fixture> {
  const stack = await startStack(serverEnv, options);
  try {
    return { stack, chrome: await openBrowser() };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

export async function tearDown(f: Fixture | undefined): Promise<void> {
  await f?.chrome.close();
  await f?.stack.stop();
}

const shots = join(process.cwd(), '.test-data', 'screenshots');
/** Keeps a picture of what the merchant saw, for people reviewing a run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}
