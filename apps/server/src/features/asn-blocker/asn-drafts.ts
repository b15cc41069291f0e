// The ISP/ASN Blocker's rules after a draft of its save (action and monitor mode) or of an add
// (one ASN or ISP name, read and refused as the add reads it), for the replay before saving.
import { protectionMessages as m, readAsnEntry } from '@gatehouse/contracts';
import { badRequest } from '../../errors.js';
import type { BlockerDrafts } from '../../protection/blocker.js';
import { settingsFromInput } from '../../protection/blocker-settings.js';
import { asnEngineRules, asnKey, findSameEntry, loadAsnState } from './asn-list.js';

export const asnDrafts: BlockerDrafts = {
  saveAsnBlocker: async (db, shop, input) =>
    asnEngineRules({ ...(await loadAsnState(db, shop)), settings: settingsFromInput(input) }),
  addAsnBlocker: async (db, shop, input) => {
    const value = readAsnEntry(input.value);
    if ('error' in value) throw badRequest(value.error);
    const entry = 'asn' in value ? { asn: value.asn, name: null } : { asn: null, name: value.name };
    if (asnKey(entry) === null) throw badRequest(m.ispName);
    const state = await loadAsnState(db, shop);
    if (findSameEntry(state, value)) return asnEngineRules(state);
    return asnEngineRules({ ...state, rows: [...state.rows, { id: 'draft-entry', ...entry }] });
  },
};
