// What a blocked shopper is told beyond the merchant's block page: the kind of reason in plain
// words (never which rule, list entry or setting), the store's customer-facing email, and the
// visit's reference, which finds the visit in the merchant's visitor log. The storefront's and
// the firewall's block pages say the same.
import type { RuleRef } from '@gatehouse/engine';
import type { BlockNotice } from './storefront.js';
import { visitReference } from './visit-reference.js';
import { switchOfRule, type VpnNetwork } from './vpn-blocker.js';

/** Every rule kind's reason; the kinds that never block say what a shopper could make of it. */
const REASONS: Record<RuleRef['kind'], string> = {
  'ip-block': 'your IP address',
  'legacy-ip': 'your IP address',
  country: 'your country or region',
  'legacy-country': 'your country or region',
  // A geolocation redirect with nowhere to send the visitor blocks instead.
  'geo-redirect': 'your country or region',
  asn: 'your internet provider or network',
  network: 'VPN or proxy',
  referrer: 'the website that sent you here',
  'bot-agent': 'automated browser or bot',
  url: 'the page you asked for',
  'ip-allow': 'the store’s access rules',
  'verified-crawler': 'the store’s access rules',
  'app-disabled': 'the store’s access rules',
  'admin-access': 'the store’s access rules',
};

/** The network switches' reasons: the kind of network the shopper's address belongs to. */
const NETWORK_REASONS: Record<VpnNetwork, string> = {
  hosting: 'a hosting or cloud network',
  vpn: 'VPN',
  proxy: 'proxy',
  tor: 'the Tor network',
};

/** The kind of reason a blocked shopper is told for the rule that blocked them. */
export function blockReason(rule: RuleRef | null): string {
  if (!rule) return REASONS['app-disabled'];
  const network = rule.kind === 'network' ? switchOfRule(rule.id) : null;
  return network ? NETWORK_REASONS[network] : REASONS[rule.kind];
}

/** The notice of a visit the rule blocked at `time` (ms since 1970) from this address. */
export function shopperNotice(
  rule: RuleRef | null,
  contactEmail: string,
  visit: { time: number; ip: string },
): BlockNotice {
  return {
    reason: blockReason(rule),
    contactEmail,
    // The decision's address is already in the engine's canonical spelling.
    reference: visitReference(visit.time, visit.ip),
  };
}
