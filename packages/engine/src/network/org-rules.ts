// Organisation-name rules for networks the table does not list: whole-word phrases in the
// network's registered name that only data centres, VPN services and proxy networks use.
// Phrases are chosen so that no home or mobile carrier's name contains them: "hosting",
// "data center", "vps" name what a network sells; a bare "cloud" or "net" does not (consumer
// ISPs use them), so they are not here.
import {
  buildPhraseIndex,
  forEachMatch,
  normalizeIspName,
  type PhraseIndex,
} from '../matchers/org-words.js';
import { NETWORK_HOSTING, NETWORK_PROXY, NETWORK_TOR, NETWORK_VPN } from './network-flags.js';

export const ORG_RULES: readonly { phrase: string; flags: number }[] = [
  ...[
    'hosting',
    'webhosting',
    'web hosting',
    'host europe',
    'datacenter',
    'datacentre',
    'datacenters',
    'data center',
    'data centre',
    'data centers',
    'data centres',
    'vps',
    'vds',
    'colocation',
    'colo',
    'dedicated server',
    'dedicated servers',
    'server hosting',
    'cloud hosting',
    'cloud computing',
    'cloud services',
    'cloud infrastructure',
    'cloud provider',
    'cloud platform',
    'cloud solutions',
    'bare metal',
  ].map((phrase) => ({ phrase, flags: NETWORK_HOSTING })),
  ...[
    'vpn',
    'nordvpn',
    'expressvpn',
    'protonvpn',
    'surfshark',
    'mullvad',
    'private internet access',
    'windscribe',
    'ivpn',
    'cyberghost',
    'ipvanish',
    'torguard',
    'purevpn',
    'packethub',
  ].map((phrase) => ({ phrase, flags: NETWORK_VPN })),
  ...['proxy', 'proxies'].map((phrase) => ({ phrase, flags: NETWORK_PROXY })),
  ...['tor exit', 'tor exits'].map((phrase) => ({ phrase, flags: NETWORK_TOR })),
];

export interface OrgRules {
  index: PhraseIndex;
  flags: readonly number[];
}

export function buildOrgRules(rules = ORG_RULES): OrgRules {
  const names: { normalized: string; rule: number }[] = [];
  rules.forEach((rule, i) => {
    const normalized = normalizeIspName(rule.phrase);
    if (normalized !== null) names.push({ normalized, rule: i });
  });
  return { index: buildPhraseIndex(names), flags: rules.map((r) => r.flags) };
}

/** Flags the organisation's name earns under the rules; 0 when none applies. */
export function orgFlags(rules: OrgRules, org: string): number {
  let bits = 0;
  forEachMatch(rules.index, org, (rule) => {
    bits |= rules.flags[rule]!;
  });
  return bits;
}
