// Which bars and prompts show for each account state and route.
import { describe, expect, it } from 'vitest';
import {
  reservesActionRequiredBar,
  showsActionRequiredBar,
  showsAppDisabledWarning,
  showsFooterExtensionBanner,
  showsReconnectBanner,
  showsReviewStars,
  type ShellState,
} from './bar-visibility.js';

const account = {
  isThemeScopeEnabled: true,
  extensionEnabled: false,
  isAppDisabled: false,
  isReviewLeft: false,
  needsReconnect: false,
  domain: 'demo.myshopify.com',
};

function state(overrides: Partial<ShellState> = {}, accountOverrides = {}): ShellState {
  return {
    path: '/dashboard',
    account: { ...account, ...accountOverrides },
    isExtensionEnabled: false,
    loaded: true,
    isDesktop: true,
    ...overrides,
  };
}

describe('Action Required bar', () => {
  it('shows on an extension-bar route once loaded with the extension off', () => {
    expect(showsActionRequiredBar(state())).toBe(true);
  });
  it('shows when the theme scope is unknown rather than false', () => {
    expect(showsActionRequiredBar(state({ path: '/iplookup/1.1.1.1' }))).toBe(true);
  });
  it('hides when the theme scope is false', () => {
    expect(showsActionRequiredBar(state({}, { isThemeScopeEnabled: false }))).toBe(false);
  });
  it('hides on routes outside its group', () => {
    expect(showsActionRequiredBar(state({ path: '/regionBlocker' }))).toBe(false);
  });
  it('hides while loading', () => {
    expect(showsActionRequiredBar(state({ loaded: false }))).toBe(false);
  });
  it('hides once the extension is enabled', () => {
    expect(showsActionRequiredBar(state({ isExtensionEnabled: true }))).toBe(false);
  });
});

describe("the Action Required bar's place while loading", () => {
  const loading = { loaded: false, lastSeenExtensionOff: true };
  it('is kept when this browser last read the embed off', () => {
    expect(reservesActionRequiredBar(state(loading))).toBe(true);
  });
  it('is not kept when the embed was last read on or never read', () => {
    expect(reservesActionRequiredBar(state({ loaded: false, lastSeenExtensionOff: false }))).toBe(
      false,
    );
    expect(reservesActionRequiredBar(state({ loaded: false }))).toBe(false);
  });
  it('is given up once loading has finished, when the bar itself decides', () => {
    expect(reservesActionRequiredBar(state({ ...loading, loaded: true }))).toBe(false);
  });
  it('is not kept where the bar would not show', () => {
    expect(reservesActionRequiredBar(state({ ...loading, path: '/regionBlocker' }))).toBe(false);
    expect(reservesActionRequiredBar(state(loading, { isThemeScopeEnabled: false }))).toBe(false);
    expect(reservesActionRequiredBar(state({ ...loading, account: undefined }))).toBe(false);
  });
});

describe('footer extension banner', () => {
  const off = { isThemeScopeEnabled: false, extensionEnabled: false };
  it('shows when theme scope and extension are both false', () => {
    expect(showsFooterExtensionBanner(state({}, off))).toBe(true);
  });
  it('hides when the extension is enabled', () => {
    expect(showsFooterExtensionBanner(state({}, { ...off, extensionEnabled: true }))).toBe(false);
  });
  it('hides when the theme scope is granted', () => {
    expect(showsFooterExtensionBanner(state())).toBe(false);
  });
  it.each(['/subscription', '/extensions'])('hides on %s (no header there)', (path) => {
    expect(showsFooterExtensionBanner(state({ path }, off))).toBe(false);
  });
});

describe('app-disabled warning', () => {
  it('shows on its route group when the app is disabled', () => {
    expect(showsAppDisabledWarning(state({ path: '/vpnBlocker' }, { isAppDisabled: true }))).toBe(
      true,
    );
  });
  it('hides outside its route group', () => {
    expect(showsAppDisabledWarning(state({ path: '/settings' }, { isAppDisabled: true }))).toBe(
      false,
    );
  });
  it('hides while the app is enabled', () => {
    expect(showsAppDisabledWarning(state())).toBe(false);
  });
});

describe('review stars in the top bar', () => {
  it('show on desktop, on a rating route, before a review was left', () => {
    expect(showsReviewStars(state())).toBe(true);
  });
  it('hide on mobile', () => {
    expect(showsReviewStars(state({ isDesktop: false }))).toBe(false);
  });
  it('hide on routes without rating', () => {
    expect(showsReviewStars(state({ path: '/subscription' }))).toBe(false);
  });
  it('hide once a review was left', () => {
    expect(showsReviewStars(state({}, { isReviewLeft: true }))).toBe(false);
  });
});

describe('reconnect banner', () => {
  it('shows on every page while the store must reconnect', () => {
    for (const path of ['/dashboard', '/subscription', '/settings', '/extensions']) {
      expect(showsReconnectBanner(state({ path }, { needsReconnect: true }))).toBe(true);
    }
  });
  it('hides while the store is connected, or before the account is known', () => {
    expect(showsReconnectBanner(state())).toBe(false);
    expect(showsReconnectBanner(state({ account: undefined }))).toBe(false);
  });
});
