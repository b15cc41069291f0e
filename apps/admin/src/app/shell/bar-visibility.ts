// When each global bar and the top bar's review stars show, as pure functions of the shell's state.
import type { AccountInfo } from '@gatehouse/contracts';
import { inRouteGroup } from '../route-groups.js';

export type BarAccount = Pick<
  AccountInfo,
  | 'isThemeScopeEnabled'
  | 'extensionEnabled'
  | 'isAppDisabled'
  | 'isReviewLeft'
  | 'needsReconnect'
  | 'domain'
>;

export interface ShellState {
  path: string;
  account: BarAccount | undefined;
  /** From getExtensionEnabned; undefined until it answered. */
  isExtensionEnabled: boolean | undefined;
  /** Account info and extension status have both settled. */
  loaded: boolean;
  /** Before they have: this browser last read the store's app embed off. */
  lastSeenExtensionOff?: boolean;
  isDesktop: boolean;
}

/**
 * The sticky "Action Required" bar. The bar area shows only while the extension is not
 * enabled, and the bar itself when the theme scope is not false, the route is in the
 * extension-bar group and loading has finished.
 */
export function showsActionRequiredBar(state: ShellState): boolean {
  return (
    state.loaded &&
    state.account !== undefined &&
    state.isExtensionEnabled === false &&
    state.account.isThemeScopeEnabled !== false &&
    inRouteGroup('extensionBar', state.path)
  );
}

/**
 * The Action Required bar's place, kept (the bar drawn but not shown) while loading has not
 * finished and the bar is expected: the embed was off when this browser last read it, and the
 * bar's other conditions hold. The bar then fills its place instead of pushing the page down.
 */
export function reservesActionRequiredBar(state: ShellState): boolean {
  return (
    !state.loaded &&
    state.lastSeenExtensionOff === true &&
    state.account !== undefined &&
    state.account.isThemeScopeEnabled !== false &&
    inRouteGroup('extensionBar', state.path)
  );
}

/** The footer banner: theme scope and extension both false, on routes with the header. */
export function showsFooterExtensionBanner(state: ShellState): boolean {
  return (
    state.account !== undefined &&
    state.account.isThemeScopeEnabled === false &&
    state.account.extensionEnabled === false &&
    !inRouteGroup('noExtensionHeader', state.path)
  );
}

/** "Reconnect Gatehouse to Shopify": on every page while the store's token is refused. */
export function showsReconnectBanner(state: ShellState): boolean {
  return state.account?.needsReconnect === true;
}

export function showsAppDisabledWarning(state: ShellState): boolean {
  return state.account?.isAppDisabled === true && inRouteGroup('appDisabledWarning', state.path);
}

/** "Write a review:" with its stars: desktop, a route that allows rating, no review left yet. */
export function showsReviewStars(state: ShellState): boolean {
  return (
    state.isDesktop &&
    state.account !== undefined &&
    !state.account.isReviewLeft &&
    !inRouteGroup('noRating', state.path)
  );
}
