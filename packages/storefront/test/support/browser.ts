// The browser of the storefront script tests: @gatehouse/test-browser's Chromium with a
// 1024×768 window.
import { openChromium, type OpenChromium } from '@gatehouse/test-browser';

export type OpenBrowser = OpenChromium;

export function openBrowser(): Promise<OpenBrowser> {
  return openChromium({
    profilePrefix: 'gatehouse-storefront-',
    viewport: { width: 1024, height: 768 },
  });
}
