// The Country Blocker's rule after a draft of its save, for the replay before it is saved.
import type { BlockerDrafts } from '../../protection/blocker.js';
import { countryRule, countryStateFromInput } from './country-store.js';

export const countryDrafts: BlockerDrafts = {
  saveCountryBlocker: async (_db, _shop, input) => [countryRule(countryStateFromInput(input))],
};
