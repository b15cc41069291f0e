// The Country Blocker as a target of moved countries. In blacklist mode a country goes into
// its blocked countries. In whitelist mode it is refused: that mode blocks every country it
// does not list, and adding a country to its list would let that country's visitors in, the
// opposite of what the moved entry did; the merchant keeps the country where it is or switches
// the Country Blocker to blacklist mode first. References are the countries the add put in.
import { badRequest } from '../../core/errors.js';
import type { ListTarget } from '../../protection/list-targets.js';
import {
  COUNTRY_BLOCKER,
  countryRule,
  loadCountryState,
  saveCountryList,
} from './country-store.js';

export const countryWhitelistRefusal =
  'The Country Blocker is in whitelist mode: it blocks every country it does not list, and a ' +
  'country added to its list is let in. Moving these countries there would let their ' +
  'visitors in, so they cannot move until the Country Blocker is in blacklist mode.';

export const countryTarget: ListTarget = {
  kind: 'country',
  label: 'Country Blocker (blacklist)',
  page: '/regionBlocker',
  async plan(db, shop, values) {
    const state = await loadCountryState(db, shop.id);
    const listed = new Set(state.countries);
    return {
      refusal: state.mode === 'whitelist' ? countryWhitelistRefusal : null,
      present: new Set(state.mode === 'blacklist' ? values.filter((v) => listed.has(v)) : []),
    };
  },
  async add(blockers, db, shop, entries) {
    if (entries.length === 0) return [];
    const state = await loadCountryState(db, shop.id);
    if (state.mode === 'whitelist') throw badRequest(countryWhitelistRefusal);
    const added = entries.map((e) => e.value).filter((c) => !state.countries.includes(c));
    const next = { ...state, countries: [...state.countries, ...added] };
    await blockers.check(db, shop, { blocker: COUNTRY_BLOCKER, rules: [countryRule(next)] });
    await saveCountryList(db, shop.id, next);
    return added;
  },
  async remove(db, shop, refs) {
    const state = await loadCountryState(db, shop.id);
    // In whitelist mode the blocked countries are no longer a list of its own to take from.
    if (state.mode !== 'blacklist' || refs.length === 0) return;
    const countries = state.countries.filter((c) => !refs.includes(c));
    if (countries.length !== state.countries.length) {
      await saveCountryList(db, shop.id, { mode: state.mode, countries });
    }
  },
};
