// The Country Blocker's settings (/regionBlocker): blacklist or whitelist mode, the listed
// countries, the action and monitor mode. The server checks the codes against the engine's
// country list.
import { z } from 'zod';
import { blockAction, protectionMessages as m } from './protection-fields.js';

/** The country rule's id in the engine's rule set (one Country Blocker per shop). */
export const COUNTRY_RULE_ID = 'country';

export const countryBlockerSettings = z.object({
  mode: z.enum(['blacklist', 'whitelist'], { error: m.countryMode }),
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: z
    .array(z.string({ error: m.countryCode }).regex(/^[A-Za-z]{2}$/, m.countryCode), {
      error: m.countryCode,
    })
    .max(300, m.tooManyCountries),
  action: blockAction,
  /** Report "would block" in the visitor log and allow the visitor. */
  monitor: z.boolean(),
});
export type CountryBlockerSettings = z.infer<typeof countryBlockerSettings>;
