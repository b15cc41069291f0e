// The visitor log's "block country" action: the country goes into a blacklist, or out of a
// whitelist, through the same compile check as a save of the Country Blocker.
import { visitorLogMessages as m, type QuickActionResult } from '@gatehouse/contracts';
import { isCountryCode } from '@gatehouse/engine';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import {
  COUNTRY_BLOCKER,
  countryRule,
  loadCountryState,
  saveCountryList,
} from './country-store.js';

export async function blockCountryFromLog(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  value: string,
): Promise<QuickActionResult> {
  const code = value.trim().toUpperCase();
  if (!isCountryCode(code)) throw badRequest(m.quickValueCountry);
  const state = await loadCountryState(db, shop.id);
  const { mode, countries } = state;
  let next: string[];
  let message: string;
  if (mode === 'blacklist') {
    if (countries.includes(code)) {
      return { changed: false, message: `${code} is already blocked by the Country Blocker.` };
    }
    next = [...countries, code];
    message = `${code} was added to the Country Blocker's blocked countries.`;
  } else {
    if (!countries.includes(code)) {
      return {
        changed: false,
        message: `${code} is already blocked: your whitelist does not allow it.`,
      };
    }
    next = countries.filter((c) => c !== code);
    if (next.length === 0) throw badRequest(m.whitelistLast);
    message = `${code} was removed from the Country Blocker's allowed countries.`;
  }
  await blockers.check(db, shop, {
    blocker: COUNTRY_BLOCKER,
    rules: [countryRule({ ...state, countries: next })],
  });
  await saveCountryList(db, shop.id, { mode, countries: next });
  return { changed: true, message };
}
