import { describe, expect, it } from 'vitest';
import { embeddedNavItemFor, embeddedNavItems } from './embedded-nav.js';

describe('embedded navigation menu', () => {
  it('lists every page of the side navigation in its order, a sub-item after its parent', () => {
    expect(embeddedNavItems(false).map((item) => item.url)).toEqual([
      '/dashboard',
      '/visitors',
      '/settings',
      '/extensions',
      '/regionBlocker',
      '/ipBlocker',
      '/vpnBlocker',
      '/botBlocker',
      '/checkoutValidate',
      '/blockLists',
      '/referrerBlocker',
      '/asnBlocker',
      '/fraudProtect',
      '/blacklists',
      '/contentProtect',
      '/redirect',
      '/iplookup',
      '/faq',
    ]);
  });

  it('lists the Firewall items after the storefront blockers only when the account shows them', () => {
    const urls = embeddedNavItems(true).map((item) => item.url);
    expect(urls.slice(urls.indexOf('/asnBlocker') + 1, urls.indexOf('/fraudProtect'))).toEqual([
      '/firewallSettings',
      '/fw-referrerBlocker',
      '/fw-asnBlocker',
      '/fw-urlBlocker',
      '/fw-accessLog',
    ]);
  });

  it('carries only links: no nested items in a flat menu', () => {
    for (const item of embeddedNavItems(true)) expect(item.subNavigationItems).toBeUndefined();
  });

  it('names the page by its item, case-insensitively and by its other paths', () => {
    const items = embeddedNavItems(false);
    expect(embeddedNavItemFor(items, '/botblocker')?.label).toBe('Bot Blocker');
    expect(embeddedNavItemFor(items, '/blackLists')?.label).toBe('Auto-cancel filters');
    expect(embeddedNavItemFor(items, '/subscription')).toBeUndefined();
  });
});
