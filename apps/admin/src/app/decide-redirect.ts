// The routing rules as one pure function the route guard applies on every path: a visitor without a
// session goes to /login, a new account to /subscription, except on the route groups exempt from
// each.
import type { AccountInfo } from '@gatehouse/contracts';
import { inRouteGroup } from './route-groups.js';

export interface RedirectInput {
  path: string;
  loggedIn: boolean;
  /** The loaded account, or undefined while it is not known. */
  account: Pick<AccountInfo, 'isNew'> | undefined;
}

/** Where the user must go instead of `path`, or null to stay. */
export function decideRedirect({ path, loggedIn, account }: RedirectInput): string | null {
  if (!loggedIn && !inRouteGroup('noAuth', path)) return '/login';
  if (account?.isNew && !inRouteGroup('newAccountAllowed', path)) return '/subscription';
  return null;
}
