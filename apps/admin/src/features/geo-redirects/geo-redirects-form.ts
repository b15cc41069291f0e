// The page's draft of the ordered rules: each rule keyed for drag and drop (its id, or a key
// made for a rule added here), checked as the server checks it, and turned into the save call.
import {
  DEFAULT_REDIRECT_PROMPT,
  geoRedirectMessages as m,
  geoRedirectRule,
  isHttpsAddress,
  type ErrorIssue,
  type GeoRedirectEntry,
  type GeoRedirectRuleInput,
} from '@gatehouse/contracts';
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
