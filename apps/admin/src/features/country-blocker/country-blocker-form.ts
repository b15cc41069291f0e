// The Country Blocker's editable form: the saved settings with the redirect address kept
// while "Show the block page" is chosen, so switching back and forth loses nothing.
import { protectionMessages, type CountryBlockerSettings } from '@gatehouse/contracts';

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

/** The contract's message when the redirect address is not a full http(s) URL. */
export function redirectUrlError(url: string): string | undefined {
  const text = url.trim();
  try {
    const parsed = new URL(text);
    if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '')
      return undefined;
  } catch {
    // Not a URL at all.
  }
  return protectionMessages.redirectUrl;
}

export function formError(form: CountryBlockerForm): string | undefined {
  return form.actionType === 'redirect' ? redirectUrlError(form.redirectUrl) : undefined;
}
