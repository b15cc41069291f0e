// The Country Blocker's storage: mode and countries in country_blocker (which the dashboard's
// empty-whitelist warning reads), the action and monitor mode in blocker_settings under
// `country-blocker`, like every blocker's.
import { COUNTRY_RULE_ID, type CountryBlockerSettings } from '@gatehouse/contracts';
import type { Rule } from '@gatehouse/engine';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { countryBlocker } from '../../core/db/schema.js';
import {
  actionOf,
  loadBlockerSettings,
  settingsFromInput,
  type BlockerSettings,
} from '../../protection/blocker-settings.js';
import { readAll } from '../../core/db/side-by-side.js';

export const COUNTRY_BLOCKER = 'country-blocker';
export { COUNTRY_RULE_ID };

export interface CountryList {
  mode: 'blacklist' | 'whitelist';
  countries: string[];
}

export interface CountryState extends CountryList {
  settings: BlockerSettings;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function loadCountryState(db: Database, shopId: string): Promise<CountryState> {
  const [[row], settings] = await readAll(
    db,
    () => db.select().from(countryBlocker).where(eq(countryBlocker.shopId, shopId)),
    () => loadBlockerSettings(db, shopId, COUNTRY_BLOCKER),
  );
  return { mode: row?.mode ?? 'blacklist', countries: row?.countries ?? [], settings };
}

export async function saveCountryList(
  db: Database | Tx,
  shopId: string,
  list: CountryList,
): Promise<void> {
  await db
    .insert(countryBlocker)
    .values({ shopId, mode: list.mode, countries: list.countries })
    .onConflictDoUpdate({
      target: countryBlocker.shopId,
      set: { mode: list.mode, countries: list.countries, updatedAt: sql`now()` },
    });
}

export function countryRule(state: CountryState): Rule {
  return {
    id: COUNTRY_RULE_ID,
    kind: 'country',
    mode: state.mode,
    countries: state.countries,
    action: actionOf(state.settings),
    monitor: state.settings.monitor,
  };
}

/** The state a save stores: each country once, in upper case, and the action settings. */
export function countryStateFromInput(input: CountryBlockerSettings): CountryState {
  return {
    mode: input.mode,
    countries: [...new Set(input.countries.map((c) => c.toUpperCase()))],
    settings: settingsFromInput(input),
  };
}
