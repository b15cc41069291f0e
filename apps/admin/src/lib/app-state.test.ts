// SPEC.md §4: account info loads for a session, except on the paths that start one.
import { describe, expect, it } from 'vitest';
import { loadsAccountInfo } from './app-state.js';

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
