// Account info loads for a session, except on the paths that start one; the extension counts as
// enabled unless the server says 0 or false.
import { describe, expect, it } from 'vitest';
import { extensionEnabledFrom, loadsAccountInfo } from './app-state.js';

describe('loadsAccountInfo', () => {
  it.each([
    ['/dashboard', true, true],
    ['/subscription', true, true],
    ['/dashboard', false, false],
    ['/loginComplete/abc', true, false],
    ['/LOGINCOMPLETE/abc', true, false],
    ['/personate/abc', true, false],
    ['/login', true, true],
  ])('path %s, logged in %s → %s', (path, loggedIn, expected) => {
    expect(loadsAccountInfo(path, loggedIn)).toBe(expected);
  });
});

describe('extension status', () => {
  it.each([
    [false, false],
    [0, false],
    [true, true],
    [1, true],
    [undefined, true],
    [null, true],
  ])('isEnabled %j makes isExtensionEnabled %s', (value, expected) => {
    expect(extensionEnabledFrom(value)).toBe(expected);
  });
});
