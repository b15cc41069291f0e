// The Country Blocker as the registry sees it: one `country` rule per shop, from its stored
// countries and its blocker settings; a draft of its save replays as that rule.
import type { Blocker } from '../../protection/blocker.js';
import { blockCountryFromLog } from './block-country-from-log.js';
import { countryDrafts } from './country-drafts.js';
import { countryRoutes } from './country-routes.js';
import { countryTarget } from './country-target.js';
import {
  COUNTRY_BLOCKER,
  COUNTRY_RULE_ID,
  countryRule,
  loadCountryState,
} from './country-store.js';

export const countryBlocker: Blocker = {
  name: COUNTRY_BLOCKER,
  ruleKinds: { country: { label: 'Country Blocker', page: '/regionBlocker' } },
  dashboardCounter: 'regionBlocker',
  async loadRules(db, shop) {
    return [countryRule(await loadCountryState(db, shop.id))];
  },
  describeRule(rule) {
    const mode = rule.kind === 'country' ? rule.mode : null;
    return { label: mode ? `Country Blocker (${mode})` : 'Country Blocker', mode };
  },
  // The mode a visit was decided in is not known from the settings now.
  async labelRules(_db, _shopId, ids) {
    if (!ids.includes(COUNTRY_RULE_ID)) return new Map();
    return new Map([
      [COUNTRY_RULE_ID, { kind: 'country', label: 'Country Blocker (mode not recorded)' }],
    ]);
  },
  quickActions: { blockCountry: blockCountryFromLog },
  routes: countryRoutes,
  drafts: countryDrafts,
  listTarget: countryTarget,
};
