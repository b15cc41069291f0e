// The Bot (VPN/Proxy) Blocker page's form: per switch whether it is on, its action (the redirect
// address kept while the block page is chosen) and monitor mode, and the relay choice; the
// trusted-network field read as the contract reads it; and how a feed's state reads.
import {
  maxTrustedAsns,
  readTrustedAsn,
  vpnNetworks,
  type NetworkFeedStatus,
  type VpnBlockerSettings,
  type VpnBlockerView,
  type VpnNetwork,
} from '@gatehouse/contracts';
import { formError, toForm, toSettings } from '../../components/rule-action-form.js';
import type { RuleActionForm } from '../../components/rule-action-card.js';
import { relativeTime } from '../../lib/relative-time.js';

export interface SwitchForm extends RuleActionForm {
  enabled: boolean;
}

export interface VpnBlockerForm {
  switches: Record<VpnNetwork, SwitchForm>;
  allowPrivateRelay: boolean;
}

const OFF = { enabled: false, action: { type: 'block' as const }, monitor: false };

/** What the page shows before the first answer, and after a failed load. */
export const EMPTY_VPN_BLOCKER: VpnBlockerView = {
  switches: { hosting: OFF, vpn: OFF, proxy: OFF, tor: OFF },
  allowPrivateRelay: true,
  trusted: [],
  limit: maxTrustedAsns,
  feeds: [],
};

const eachSwitch = <T>(make: (network: VpnNetwork) => T) =>
  Object.fromEntries(vpnNetworks.map((network) => [network, make(network)])) as Record<
    VpnNetwork,
    T
  >;

export function toVpnForm(settings: VpnBlockerSettings): VpnBlockerForm {
  return {
    switches: eachSwitch((network) => {
      const s = settings.switches[network];
      return { enabled: s.enabled, ...toForm(s) };
    }),
    allowPrivateRelay: settings.allowPrivateRelay,
  };
}

/**
 * The settings a save sends. A switch that is off and was never given a redirect address
 * keeps the block page: there is nothing to keep.
 */
export function toVpnSettings(form: VpnBlockerForm): VpnBlockerSettings {
  return {
    switches: eachSwitch((network) => {
      const s = form.switches[network];
      const blank = !s.enabled && s.actionType === 'redirect' && s.redirectUrl.trim() === '';
      return {
        enabled: s.enabled,
        ...toSettings(blank ? { ...s, actionType: 'block' } : s),
      };
    }),
    allowPrivateRelay: form.allowPrivateRelay,
  };
}

/** The redirect address problem of a switch, if it has one that a save would send. */
export function switchError(form: SwitchForm): string | undefined {
  if (!form.enabled && form.redirectUrl.trim() === '') return undefined;
  return formError(form);
}

export const hasErrors = (form: VpnBlockerForm) =>
  vpnNetworks.some((network) => switchError(form.switches[network]) !== undefined);

/** The trusted-network field's problem, before asking the server. */
export function trustedAsnError(text: string): string | undefined {
  const read = readTrustedAsn(text);
  return 'error' in read ? read.error : undefined;
}

/** What a feed is for, in the merchant's words. */
export function feedUse(feed: NetworkFeedStatus): string {
  if (feed.network === 'tor') return 'Tor switch';
  if (feed.network === 'privateRelay') return 'iCloud Private Relay';
  if (feed.network !== null) return 'Network switches';
  return 'Verified search engines';
}

/** A feed's state in one line, and whether it needs attention. */
export function feedState(
  feed: NetworkFeedStatus,
  now: number,
): { text: string; tone: 'success' | 'warning' | 'critical' } {
  if (!feed.loaded) {
    return feed.lastError
      ? { text: 'Not loaded: the download failed', tone: 'critical' }
      : { text: 'Not loaded yet', tone: 'warning' };
  }
  const fetched = feed.fetchedAt ? `fetched ${relativeTime(feed.fetchedAt, now)}` : 'loaded';
  if (feed.stale) return { text: `Out of date: ${fetched}`, tone: 'warning' };
  if (feed.lastError) return { text: `Last refresh failed; ${fetched}`, tone: 'warning' };
  return { text: `Up to date: ${fetched}`, tone: 'success' };
}
