// The route groups, one table of path and expected membership.
import { describe, expect, it } from 'vitest';
import { inRouteGroup, type RouteGroup } from './route-groups.js';

const cases: Array<[RouteGroup, string, boolean]> = [
  ['fullScreen', '/login', true],
  ['fullScreen', '/loginComplete/abc', true],
  ['fullScreen', '/personate/xyz', true],
  ['fullScreen', '/notSupportStore', true],
  ['fullScreen', '/private-policy', true],
  ['fullScreen', '/dashboard', false],
  ['fullScreen', '/subscription', false],
  ['noAuth', '/LOGINCOMPLETE/abc', true],
  ['noAuth', '/Private-Policy', true],
  ['noAuth', '/settings', false],
  ['noAuth', '/', false],
  ['noExtensionHeader', '/subscription', true],
  ['noExtensionHeader', '/extensions', true],
  ['noExtensionHeader', '/dashboard', false],
  ['noSubscribeRedirect', '/subscription', true],
  ['noSubscribeRedirect', '/extensions', false],
  ['noRating', '/personate/t', true],
  ['noRating', '/faq', false],
  ['appDisabledWarning', '/regionBlocker', true],
  ['appDisabledWarning', '/blocklists', true],
  ['appDisabledWarning', '/fraudProtect', false],
  ['appDisabledWarning', '/fw-asnBlocker', false],
  ['extensionBar', '/blackLists', true],
  ['extensionBar', '/iplookup/8.8.8.8', true],
  ['extensionBar', '/checkoutValidate', true],
  ['extensionBar', '/regionBlocker', false],
  ['newAccountAllowed', '/subscription', true],
  ['newAccountAllowed', '/private-policy', true],
  ['newAccountAllowed', '/login', false],
];

describe('route groups', () => {
  it.each(cases)('%s contains %s: %s', (group, path, expected) => {
    expect(inRouteGroup(group, path)).toBe(expected);
  });
});
