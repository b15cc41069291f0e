// The routing rules: where each visitor of each path ends up.
import { describe, expect, it } from 'vitest';
import { decideRedirect, type RedirectInput } from './decide-redirect.js';

const existing = { isNew: false, unsupportedReason: null };
const fresh = { isNew: true, unsupportedReason: null };
const starter = { isNew: false, unsupportedReason: 'noOnlineStore' as const };
const closedAndNew = { isNew: true, unsupportedReason: 'storeClosed' as const };

const cases: Array<[string, RedirectInput, string | null]> = [
  [
    'logged-out visitor of a page is sent to login',
    { path: '/dashboard', loggedIn: false, account: undefined },
    '/login',
  ],
  [
    'logged-out visitor of an unknown path is sent to login',
    { path: '/nowhere', loggedIn: false, account: undefined },
    '/login',
  ],
  [
    'logged-out visitor may open login',
    { path: '/login', loggedIn: false, account: undefined },
    null,
  ],
  [
    'logged-out visitor may complete a login',
    { path: '/loginComplete/t1', loggedIn: false, account: undefined },
    null,
  ],
  [
    'logged-out visitor may follow a personate link',
    { path: '/personate/t1', loggedIn: false, account: undefined },
    null,
  ],
  [
    'logged-out visitor may read the privacy policy',
    { path: '/private-policy', loggedIn: false, account: undefined },
    null,
  ],
  [
    'logged-out visitor may see the unsupported-store page',
    { path: '/notSupportStore', loggedIn: false, account: undefined },
    null,
  ],
  [
    'no-auth routes match case-insensitively',
    { path: '/LOGIN', loggedIn: false, account: undefined },
    null,
  ],
  [
    'existing account stays where it is',
    { path: '/settings', loggedIn: true, account: existing },
    null,
  ],
  [
    'account still loading does not redirect',
    { path: '/settings', loggedIn: true, account: undefined },
    null,
  ],
  [
    'new account is sent to subscription',
    { path: '/dashboard', loggedIn: true, account: fresh },
    '/subscription',
  ],
  [
    'new account is sent to subscription from login too',
    { path: '/login', loggedIn: true, account: fresh },
    '/subscription',
  ],
  [
    'signed-in merchant who opens login goes to the dashboard',
    { path: '/login', loggedIn: true, account: existing },
    '/dashboard',
  ],
  [
    'signed-in merchant goes to the dashboard from login while the account loads',
    { path: '/Login/', loggedIn: true, account: undefined },
    '/dashboard',
  ],
  [
    'a login completing is not the login form',
    { path: '/loginComplete/t1', loggedIn: true, account: existing },
    null,
  ],
  [
    'new account may stay on subscription',
    { path: '/subscription', loggedIn: true, account: fresh },
    null,
  ],
  [
    'new account may read the privacy policy',
    { path: '/private-policy', loggedIn: true, account: fresh },
    null,
  ],
  [
    'a store that cannot use the app is sent to the unsupported-store page',
    { path: '/dashboard', loggedIn: true, account: starter },
    '/notSupportStore',
  ],
  [
    'an unsupported store is sent there before the subscription page',
    { path: '/subscription', loggedIn: true, account: closedAndNew },
    '/notSupportStore',
  ],
  [
    'an unsupported store stays on the unsupported-store page',
    { path: '/notSupportStore', loggedIn: true, account: starter },
    null,
  ],
  [
    'an unsupported store may read the privacy policy',
    { path: '/private-policy', loggedIn: true, account: starter },
    null,
  ],
];

describe('decideRedirect', () => {
  it.each(cases)('%s', (_name, input, expected) => {
    expect(decideRedirect(input)).toBe(expected);
  });
});
