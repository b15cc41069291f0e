// The routing rules as one pure function the route guard applies on every path: a visitor without a
// session goes to /login, a new account to /subscription, except on the route groups exempt from
// each; a signed-in merchant who opens /login goes where signing in would have taken them; a
// store that cannot use the app goes to /notSupportStore from every page that needs a session.
import type { AccountInfo } from '@gatehouse/contracts';
import { inRouteGroup } from './route-groups.js';
import { paths } from '../lib/pages.js';

export interface RedirectInput {
  path: string;
  loggedIn: boolean;
  /** The loaded account, or undefined while it is not known. */
  account: Pick<AccountInfo, 'isNew' | 'unsupportedReason'> | undefined;
}

/** The login form itself (not /loginComplete, which shares its prefix). */
function isLoginForm(path: string): boolean {
  return /^\/login\/?$/i.test(path);
}

/** Where the user must go instead of `path`, or null to stay. */
export function decideRedirect({ path, loggedIn, account }: RedirectInput): string | null {
  if (!loggedIn && !inRouteGroup('noAuth', path)) return paths.login;
  if (account?.unsupportedReason && !inRouteGroup('noAuth', path)) return paths.notSupportStore;
  if (loggedIn && isLoginForm(path)) return account?.isNew ? paths.subscription : paths.dashboard;
  if (account?.isNew && !inRouteGroup('newAccountAllowed', path)) return paths.subscription;
  return null;
}
