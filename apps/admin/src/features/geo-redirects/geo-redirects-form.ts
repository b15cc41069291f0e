// The page's draft of the ordered rules: each rule keyed for drag and drop (its id, or a key
// made for a rule added here), turned into the save call and checked by the call's own schema,
// each problem (found here or by the server) at its rule's field; and which rules the ones
// above them take countries from (the first rule on that covers a visitor's country decides).
import {
  DEFAULT_REDIRECT_PROMPT,
  geoRedirectsSaveRequest,
  type GeoRedirectEntry,
  type GeoRedirectRuleInput,
} from '@gatehouse/contracts';
import { countries as allCountries, countryName } from '@gatehouse/engine/values';
import type { IssuePath } from '../../lib/place-issues.js';
import { requestFormSchema } from '../../lib/request-form-schema.js';

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

export function toRequest(form: RedirectsForm): { rules: GeoRedirectRuleInput[] } {
  return {
    rules: form.rules.map(({ key: _key, id, ...rule }) => ({
      ...rule,
      url: rule.url.trim(),
      ...(id ? { id } : {}),
    })),
  };
}

type PromptField = 'title' | 'text' | 'accept' | 'decline';
const PROMPT_FIELDS: readonly unknown[] = ['title', 'text', 'accept', 'decline'];

/**
 * The field of the form a problem of the save call is about, by its path: a rule's address,
 * its countries (and continents), a text of its prompt, or the rule itself ("rules.2"); null
 * for the list as a whole.
 */
export function fieldOf(path: IssuePath): string | null {
  const [head, index, field, part] = path;
  if (head !== 'rules' || typeof index !== 'number') return null;
  const rule = `rules.${index}`;
  if (field === 'url') return `${rule}.url`;
  if (field === 'countries' || field === 'continents') return `${rule}.countries`;
  if (field === 'prompt' && PROMPT_FIELDS.includes(part)) return `${rule}.prompt.${String(part)}`;
  return rule;
}

/** The form checked by the save call's own schema. */
export const redirectsFormSchema = requestFormSchema(toRequest, geoRedirectsSaveRequest, fieldOf);

/** The problems of one rule, by field; the prompt's by its own fields. */
export interface RuleErrors {
  url?: string | undefined;
  countries?: string | undefined;
  prompt?: Partial<Record<PromptField, string>>;
  /** About the rule, at no one field. */
  rule?: string | undefined;
}

/** The problems of the rule at a position, from the form's problems by field. */
export function ruleErrorsAt(errors: Record<string, string>, index: number): RuleErrors {
  const at = `rules.${index}`;
  const prompt: Partial<Record<PromptField, string>> = {};
  for (const field of PROMPT_FIELDS as PromptField[]) {
    const error = errors[`${at}.prompt.${field}`];
    if (error !== undefined) prompt[field] = error;
  }
  return {
    url: errors[`${at}.url`],
    countries: errors[`${at}.countries`],
    ...(Object.keys(prompt).length > 0 ? { prompt } : {}),
    rule: errors[at],
  };
}

/**
 * What rules above take from a rule that is on: every country it covers (`never`), or the
 * countries it names itself (`named`, by name), each with the positions (from 1) of the rules
 * that take them. A continent's countries taken by a more specific rule above are the intended
 * order, and are not reported.
 */
export interface Shadow {
  never: boolean;
  named: string[];
  by: number[];
}

/** The countries a rule covers: those it names, and those of its continents. */
function coveredBy(rule: RedirectDraft): Set<string> {
  const covered = new Set(rule.countries.map((code) => code.toUpperCase()));
  const continents = new Set<string>(rule.continents);
  for (const country of allCountries) {
    if (continents.has(country.continent)) covered.add(country.code);
  }
  return covered;
}

/** The shadows of the rules that have one, by rule key. */
export function shadowsOf(rules: readonly RedirectDraft[]): Map<string, Shadow> {
  const takenBy = new Map<string, number>();
  const shadows = new Map<string, Shadow>();
  rules.forEach((rule, index) => {
    if (!rule.enabled) return;
    const covered = coveredBy(rule);
    const taken = [...covered].filter((code) => takenBy.has(code));
    const never = covered.size > 0 && taken.length === covered.size;
    const named = rule.countries.map((code) => code.toUpperCase()).filter((c) => takenBy.has(c));
    if (never || named.length > 0) {
      const by = new Set((never ? taken : named).map((code) => takenBy.get(code)!));
      shadows.set(rule.key, {
        never,
        named: never ? [] : named.map(countryName),
        by: [...by].sort((a, b) => a - b),
      });
    }
    for (const code of covered) if (!takenBy.has(code)) takenBy.set(code, index + 1);
  });
  return shadows;
}

const positions = (by: readonly number[]) => {
  const list = by.map(String);
  const words = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
  return `${by.length === 1 ? 'redirect' : 'redirects'} ${words}`;
};

/** A shadow in the merchant's words: what never reaches the rule, and what to do. */
export function shadowText(shadow: Shadow): string {
  const above = positions(shadow.by);
  if (shadow.never) {
    return `This redirect is never used: every country it covers is taken by ${above} above it. Move it above to use it, or remove it.`;
  }
  const shown = shadow.named.slice(0, 5);
  const more = shadow.named.length - shown.length;
  const names =
    more > 0
      ? `${shown.join(', ')} and ${more} more`
      : shown.join(', ').replace(/, ([^,]*)$/, ' and $1');
  const verb = shadow.named.length === 1 ? 'is' : 'are';
  return `${names} ${verb} taken by ${above} above it, so visitors from there never reach this redirect. Move it above to send them here.`;
}
