// The Bot (VPN/Proxy) Blocker page's form: per switch whether it is on, its action (the redirect
// address kept while the block page is chosen) and monitor mode, and the relay choice; the
// trusted-network field read as the contract reads it; and how a feed's state reads. The
// switches are checked by the save call's own schema, each problem (found here or by the
// server) at the field of its switch.
import {
  maxTrustedAsns,
  readTrustedAsn,
  vpnBlockerSettings,
  vpnNetworks,
  type NetworkFeedStatus,
  type VpnBlockerSettings,
  type VpnBlockerView,
  type VpnNetwork,
} from '@gatehouse/contracts';
import { toForm, toSettings } from '../../components/rule-action-form.js';
import type { RuleActionForm } from '../../components/rule-action-card.js';
import type { IssuePath } from '../../lib/place-issues.js';
import { requestFormSchema } from '../../lib/request-form-schema.js';
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

/** The field a problem of the save call is about ("switches.vpn.redirectUrl"); null for none. */
export function fieldOf(path: IssuePath): string | null {
  const [first, network, third] = path;
  const isSwitch = vpnNetworks.some((n) => n === network);
  return first === 'switches' && isSwitch && third === 'action'
    ? `switches.${network}.redirectUrl`
    : null;
}

/** The form checked by the save call's own schema. */
export const vpnFormSchema = requestFormSchema(toVpnSettings, vpnBlockerSettings, fieldOf);

/** True when the form can be sent as it is (what the cost card replays). */
export const sendable = (form: VpnBlockerForm) =>
  vpnBlockerSettings.safeParse(toVpnSettings(form)).success;

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

/** The list a switch needs beyond the product's own table, missing now: the switch sees nothing. */
export function switchListMissing(network: VpnNetwork, feeds: NetworkFeedStatus[]): boolean {
  return feeds.some((feed) => feed.network === network && !feed.loaded);
}

/** The switch's badge: blocking, monitoring, off, or not enforced while its list is missing. */
export function switchBadge(
  form: Pick<SwitchForm, 'enabled' | 'monitor'>,
  listMissing: boolean,
): { text: string; tone?: 'success' | 'attention' | 'warning' } {
  if (!form.enabled) return { text: 'Off' };
  if (listMissing) return { text: 'Not enforced until the list loads', tone: 'warning' };
  return form.monitor
    ? { text: 'Monitoring', tone: 'attention' }
    : { text: 'Blocking', tone: 'success' };
}

/** What still works while a list is missing, in the merchant's words. */
export function feedMeanwhile(feed: NetworkFeedStatus): string {
  if (feed.network === 'tor') {
    return 'Until it loads, the Tor switch is not enforced: Tor exits get in. The hosting, VPN and proxy switches work as usual.';
  }
  if (feed.network === 'privateRelay') {
    return 'Until it loads, shoppers on Akamai’s relay network are still known as iCloud Private Relay; those on Cloudflare’s and Fastly’s relays may be taken for a hosting or VPN network. Use monitor mode on those switches until it loads if that worries you.';
  }
  // AI agents run on rented servers and document no reverse DNS: only their lists tell.
  if (feed.aiAgent) {
    return 'Until it loads, this AI agent cannot be told from an impostor that borrows its name: your switch for its purpose decides both alike, and Fake search-engine crawlers does not catch the impostors.';
  }
  // DuckDuckBot runs on rented servers and documents no reverse DNS: only its list tells.
  if (feed.name === 'duckduckbot') {
    return 'Until it loads, DuckDuckBot cannot be told from a fake: your rules treat it like any other visitor.';
  }
  return 'Until it loads, this search engine’s crawlers are checked by the engine’s own network and confirmed by its reverse DNS: real crawlers still get in, fakes are still caught.';
}

/** When the lists are tried again, and what the merchant can do. */
export function feedNextTry(nextTryAt: string | null, now: number): string {
  if (nextTryAt === null) {
    return 'This server does not download the lists on its own; they load when it is set to.';
  }
  return `Gatehouse tries again ${relativeTime(nextTryAt, now)} on its own: nothing is needed from you. If a list is still missing tomorrow, tell us through Contact us.`;
}
