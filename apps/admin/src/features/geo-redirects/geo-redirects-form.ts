// The page's draft of the ordered rules: each rule keyed for drag and drop (its id, or a key
// made for a rule added here), checked as the server checks it, and turned into the save call.
import {
  DEFAULT_REDIRECT_PROMPT,
  geoRedirectMessages as m,
  isHttpsAddress,
  type GeoRedirectEntry,
  type GeoRedirectRuleInput,
} from '@gatehouse/contracts';

export interface RedirectDraft extends Omit<GeoRedirectRuleInput, 'id'> {
  /** Stable while the page is open: the stored id, or `new-…` for a rule added here. */
  key: string;
  id?: string;
}

export interface RedirectsForm {
  rules: RedirectDraft[];
}

let counter = 0;

export function toForm(rules: readonly GeoRedirectEntry[]): RedirectsForm {
  return {
    rules: rules.map(({ hits: _hits, lastHitAt: _last, ...rule }) => ({ ...rule, key: rule.id })),
  };
}

export function newRule(): RedirectDraft {
  counter += 1;
  return {
    key: `new-${counter}`,
    enabled: true,
    countries: [],
    continents: [],
    url: '',
    keepPath: true,
    mode: 'auto',
    prompt: { ...DEFAULT_REDIRECT_PROMPT },
  };
}

/** The problems of one rule, by field. */
export function ruleErrors(rule: RedirectDraft): { url?: string; countries?: string } {
  const errors: { url?: string; countries?: string } = {};
  if (rule.url.trim() === '') errors.url = m.url;
  else if (!isHttpsAddress(rule.url)) errors.url = m.urlNotHttps(rule.url.trim());
  if (rule.countries.length + rule.continents.length === 0) errors.countries = m.noCountries;
  return errors;
}

export function formInvalid(form: RedirectsForm): boolean {
  return form.rules.some((rule) => Object.keys(ruleErrors(rule)).length > 0);
}

export function toRequest(form: RedirectsForm): { rules: GeoRedirectRuleInput[] } {
  return {
    rules: form.rules.map(({ key: _key, id, ...rule }) => ({
      ...rule,
      url: rule.url.trim(),
      ...(id ? { id } : {}),
    })),
  };
}
