// The Country Blocker's editable form: the saved settings with the redirect address kept
// while "Show the block page" is chosen, so switching back and forth loses nothing; checked by
// the save call's own schema, each problem (found here or by the server) at its field.
import { countryBlockerSettings, type CountryBlockerSettings } from '@gatehouse/contracts';
import type { IssuePath } from '../../lib/place-issues.js';
import { requestFormSchema } from '../../lib/request-form-schema.js';

export interface CountryBlockerForm {
  mode: CountryBlockerSettings['mode'];
  countries: string[];
  actionType: CountryBlockerSettings['action']['type'];
  redirectUrl: string;
  monitor: boolean;
}

/** What the page edits before the first answer, and after a failed load. */
export const DEFAULT_COUNTRY_BLOCKER: CountryBlockerSettings = {
  mode: 'blacklist',
  countries: [],
  action: { type: 'block' },
  monitor: false,
};

export function toForm(settings: CountryBlockerSettings): CountryBlockerForm {
  return {
    mode: settings.mode,
    countries: settings.countries.map((code) => code.toUpperCase()),
    actionType: settings.action.type,
    redirectUrl: settings.action.type === 'redirect' ? settings.action.url : '',
    monitor: settings.monitor,
  };
}

export function toSettings(form: CountryBlockerForm): CountryBlockerSettings {
  return {
    mode: form.mode,
    countries: form.countries,
    action:
      form.actionType === 'redirect'
        ? { type: 'redirect', url: form.redirectUrl.trim() }
        : { type: 'block' },
    monitor: form.monitor,
  };
}

/** The replay of the form, for the cost card and the confirmation before saving. */
export const costOf = (form: CountryBlockerForm) =>
  ({ call: 'saveCountryBlocker', draft: toSettings(form) }) as const;

export type CountryBlockerField = 'mode' | 'countries' | 'redirectUrl';

/**
 * The field a problem is about, by its path in the save call, or in the rule set the server
 * compiled (["rules", n, …], the Country Blocker's one rule); null for none.
 */
export function fieldOf(path: IssuePath): CountryBlockerField | null {
  const [first, , third] = path;
  const head = first === 'rules' ? third : first;
  if (head === 'action') return 'redirectUrl';
  if (head === 'mode' || head === 'countries') return head;
  return null;
}

/** The form checked by the save call's own schema, each problem at its field. */
export const countryBlockerFormSchema = requestFormSchema(
  toSettings,
  countryBlockerSettings,
  fieldOf,
);

/** True when the form can be sent as it is (what the cost card replays). */
export const sendable = (form: CountryBlockerForm) =>
  countryBlockerSettings.safeParse(toSettings(form)).success;
