// The page's draft of the ordered rules: each rule keyed for drag and drop (its id, or a key
// made for a rule added here), checked as the server checks it, and turned into the save call;
// and which rules the ones above them take countries from (the first rule on that covers a
// visitor's country decides).
import {
  DEFAULT_REDIRECT_PROMPT,
  geoRedirectMessages as m,
  geoRedirectRule,
  isHttpsAddress,
  type ErrorIssue,
  type GeoRedirectEntry,
  type GeoRedirectRuleInput,
} from '@gatehouse/contracts';
import { countries as allCountries, countryName } from '@gatehouse/engine/values';
import { placeIssues } from '../../lib/place-issues.js';

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

type PromptField = 'title' | 'text' | 'accept' | 'decline';
const PROMPT_FIELDS: readonly string[] = ['title', 'text', 'accept', 'decline'];

/** The problems of one rule, by field; the prompt's by its own fields. */
export interface RuleErrors {
  url?: string;
  countries?: string;
  prompt?: Partial<Record<PromptField, string>>;
}

/** The problems of one rule, by field, as the save call would find them. */
export function ruleErrors(rule: RedirectDraft): RuleErrors {
  const errors: RuleErrors = {};
  if (rule.url.trim() === '') errors.url = m.url;
  else if (!isHttpsAddress(rule.url)) errors.url = m.urlNotHttps(rule.url.trim());
  if (rule.countries.length + rule.continents.length === 0) errors.countries = m.noCountries;
  // The prompt's texts are checked by the call's own schema; the first problem of each field.
  const { key: _key, id: _id, ...input } = rule;
  const parsed = geoRedirectRule.safeParse({ ...input, url: rule.url.trim() });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [head, field] = issue.path;
    if (head !== 'prompt' || typeof field !== 'string' || !PROMPT_FIELDS.includes(field)) continue;
    errors.prompt ??= {};
    errors.prompt[field as PromptField] ??= issue.message;
  }
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

/** A refused save's problems: those of one rule by its key, the rest for the whole page. */
export interface Refusal {
  byRule: Record<string, string[]>;
  page: string[];
}

/** Sorts a refused save's problems onto the rules (in the order sent) they are about. */
export function refusalOf(
  form: RedirectsForm,
  message: string,
  issues: readonly ErrorIssue[] | undefined,
): Refusal {
  const placed = placeIssues(message, issues, ([head, index]) =>
    head === 'rules' && typeof index === 'number' ? (form.rules[index]?.key ?? null) : null,
  );
  const page = placed.unplaced.length > 0 ? placed.unplaced : placed.banner ? [placed.banner] : [];
  return { byRule: placed.at as Record<string, string[]>, page };
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
