// The Bot (VPN/Proxy) Blocker as the registry sees it: one `network` rule per switch that is
// on, each with the switch's action and monitor mode, switched off on a plan without the
// feature. Its blocked visits count on the dashboard's Bot/VPN/Proxy card. The switches are
// fixed, so a rule's label never goes stale: it names the kind of network it blocks.
import { switchOfRule, type VpnNetwork } from '@gatehouse/contracts';
import type { Blocker, RuleLabel } from '../../protection/blocker.js';
import { loadVpnSettings, loadVpnState, VPN_BLOCKER, vpnEngineRules } from './vpn-rules.js';
import { vpnRoutes } from './vpn-routes.js';
import { vpnDrafts } from './vpn-drafts.js';

const KIND_LABEL = 'Bot (VPN/Proxy) Blocker';

/** What the visitor log says blocked a visitor, per switch. */
const SWITCH_LABELS: Record<VpnNetwork, string> = {
  hosting: 'hosting or data-centre network',
  vpn: 'VPN service',
  proxy: 'proxy',
  tor: 'Tor exit',
};

function switchLabel(network: VpnNetwork, withRelay: boolean): string {
  return `${KIND_LABEL}: ${SWITCH_LABELS[network]}${withRelay ? ' or iCloud Private Relay' : ''}`;
}

export const vpnBlocker: Blocker = {
  name: VPN_BLOCKER,
  ruleKinds: { network: { label: KIND_LABEL, page: '/vpnBlocker' } },
  dashboardCounter: 'vpn',
  async loadRules(db, shop) {
    return vpnEngineRules(await loadVpnState(db, shop));
  },
  describeRule(rule) {
    const network = switchOfRule(rule.id);
    if (rule.kind !== 'network' || !network) return { label: KIND_LABEL, mode: null };
    return { label: switchLabel(network, rule.networks.includes('privateRelay')), mode: null };
  },
  async labelRules(db, shopId, ids) {
    const mine = ids.flatMap((id) => {
      const network = switchOfRule(id);
      return network ? [{ id, network }] : [];
    });
    if (mine.length === 0) return new Map();
    const { allowPrivateRelay } = await loadVpnSettings(db, shopId);
    return new Map(
      mine.map(({ id, network }): [string, RuleLabel] => [
        id,
        { kind: 'network', label: switchLabel(network, network === 'vpn' && !allowPrivateRelay) },
      ]),
    );
  },
  routes: vpnRoutes,
  drafts: vpnDrafts,
};
