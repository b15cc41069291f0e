// The route groups: the single owner of which screens get the frame, need a session, show which
// bars. Matched as case-insensitive path prefixes.
import { listBlockers } from '@gatehouse/contracts';
import { paths } from '../lib/pages.js';

const sessionStart = [paths.login, paths.loginComplete, paths.personate];
const standalone = [paths.notSupportStore, paths.privacyPolicy];

export const routeGroups = {
  /** No side navigation, no top bar, no footer. */
  fullScreen: [...sessionStart, ...standalone],
  /** Reachable while logged out. */
  noAuth: [...sessionStart, ...standalone],
  /** No upgrade/extension header. */
  noExtensionHeader: [...sessionStart, paths.subscription, paths.extensions, ...standalone],
  /** Never sent to /subscription by the "must subscribe first" rule's group. */
  noSubscribeRedirect: [...sessionStart, paths.subscription, ...standalone],
  /** The rating prompt never opens here. */
  noRating: [...sessionStart, paths.subscription, ...standalone],
  /** The "app disabled" warning shows here when the account's isAppDisabled is set. */
  appDisabledWarning: [
    paths.dashboard,
    paths.regionBlocker,
    paths.visitors,
    paths.ipBlocker,
    paths.blockLists,
    paths.redirect,
    paths.vpnBlocker,
    ...listBlockers.map((mf) => mf.page),
  ],
  /** The sticky "Action Required" extension bar shows here. */
  extensionBar: [
    paths.dashboard,
    paths.fraudProtect,
    paths.settings,
    paths.blacklists,
    paths.visitors,
    paths.iplookup,
    paths.checkoutValidate,
  ],
  /**
   * Routing rule: a new account is sent to /subscription from everywhere but these two.
   * Narrower than `noSubscribeRedirect`; the rule is stated on its own, so it wins.
   */
  newAccountAllowed: [paths.subscription, paths.privacyPolicy],
} as const satisfies Record<string, readonly string[]>;

export type RouteGroup = keyof typeof routeGroups;

export function inRouteGroup(group: RouteGroup, path: string): boolean {
  const lower = path.toLowerCase();
  return routeGroups[group].some((prefix) => lower.startsWith(prefix.toLowerCase()));
}
