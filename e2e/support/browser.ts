// The browser of the whole-stack tests: @gatehouse/test-browser's Chromium with a desktop-sized
// window, its context exposed as `browser` to the specs.
import type { BrowserContext } from 'playwright-core';
import { openChromium } from '@gatehouse/test-browser';

export interface OpenBrowser {
  browser: BrowserContext;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<OpenBrowser> {
  const { context, close } = await openChromium({
    profilePrefix: 'gatehouse-chromium-',
    viewport: { width: 1280, height: 860 },
  });
  return { browser: context, close };
}
