// The Referrer Blocker's rules after a draft of its save (action and monitor mode) or of an
// add (domains read and refused as the add reads them; those listed already are left out),
// for the replay before saving.
import { readReferrerEntry } from '@gatehouse/contracts';
import { badRequest } from '../../errors.js';
import type { BlockerDrafts } from '../../protection/blocker.js';
import { settingsFromInput } from '../../protection/blocker-settings.js';
import { loadReferrerState, referrerEngineRules } from './referrer-list.js';

export const referrerDrafts: BlockerDrafts = {
  saveReferrerBlocker: async (db, shop, input) =>
    referrerEngineRules({
      ...(await loadReferrerState(db, shop)),
      settings: settingsFromInput(input),
    }),
  addReferrerBlocker: async (db, shop, input) => {
    const domains = input.domains.map((text) => {
      const read = readReferrerEntry(text);
      if ('error' in read) throw badRequest(read.error);
      return read.domain;
    });
    const state = await loadReferrerState(db, shop);
    const listed = new Set(state.rows.map((row) => row.domain));
    const fresh = [...new Set(domains)].filter((domain) => !listed.has(domain));
    const rows = fresh.map((domain, i) => ({ id: `draft-entry-${i}`, domain }));
    return referrerEngineRules({ ...state, rows: [...state.rows, ...rows] });
  },
};
