// The Bot (VPN/Proxy) Blocker's rules after a draft of its save (switches and relay choice) or
// of a trusted network's add, for the replay before saving.
import { readTrustedAsn } from '@gatehouse/contracts';
import { badRequest } from '../../core/errors.js';
import type { BlockerDrafts } from '../../protection/blocker.js';
import { loadVpnState, vpnEngineRules, vpnSettingsFromInput } from './vpn-rules.js';

export const vpnDrafts: BlockerDrafts = {
  saveVpnBlocker: async (db, shop, input) =>
    vpnEngineRules({ ...(await loadVpnState(db, shop)), ...vpnSettingsFromInput(input) }),
  addVpnTrustedAsn: async (db, shop, input) => {
    const read = readTrustedAsn(input.asn);
    if ('error' in read) throw badRequest(read.error);
    const state = await loadVpnState(db, shop);
    const trustedAsns = [...new Set([...state.trustedAsns, read.asn])];
    return vpnEngineRules({ ...state, trustedAsns });
  },
};
