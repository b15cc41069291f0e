// A condition in the merchant's words, for the filter's card, the dry run and the order log:
// "Order total is greater than 500", "IP network is a VPN", "Shipping country is Germany or
// France", "Billing country differs from shipping country"; and the conditions that made a
// filter match joined into one sentence. No dependencies, so the admin reads it too.
import type { FILTER_NETWORK_KINDS } from './filter-fields.js';
import {
  FILTER_NEGATED_OPERATOR_LABELS,
  FILTER_OPERATOR_LABELS,
  filterField,
  type FilterCondition,
  type FilterOperator,
} from './filter-fields.js';

/** What a network kind is called in a sentence ("IP network is a VPN"). */
export const FILTER_NETWORK_WORDS: Record<(typeof FILTER_NETWORK_KINDS)[number], string> = {
  hosting: 'a hosting or data centre network',
  vpn: 'a VPN',
  proxy: 'a proxy',
  tor: 'a Tor exit',
};

/** Listed values in a sentence: at most this many are named, then "and N more". */
const NAMED_VALUES = 5;

/** "a, b or c" (`or`), or "a, b, c" (`comma`); past five, "a, b, c, d, e and 3 more". */
function listed(values: readonly string[], last: 'or' | 'comma' = 'or'): string {
  const named = values.slice(0, NAMED_VALUES);
  const more = values.length - named.length;
  if (more > 0) return `${named.join(', ')} and ${more} more`;
  if (named.length <= 1 || last === 'comma') return named.join(', ');
  return `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}`;
}

/** "is a or b", and turned around "is not a", "is none of a, b" ("is in none of" for ranges). */
function oneOf(values: readonly string[], negate: boolean, verb: 'is' | 'is in'): string {
  if (!negate) return `${verb} ${listed(values)}`;
  if (values.length === 1) return `${verb === 'is' ? 'is not' : 'is not in'} ${values[0]}`;
  return `${verb === 'is' ? 'is none of' : 'is in none of'} ${listed(values, 'comma')}`;
}

let regionNames: Intl.DisplayNames | null | undefined;
/** A country's English name from its code, or the code as given when it is not one. */
function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * A condition in the merchant's words: "Email contains "x"", "Order total is greater than
 * 500", "IP network is a VPN", "Shipping country is Germany or France", "Billing country
 * differs from shipping country".
 */
export function describeCondition(c: FilterCondition): string {
  const info = filterField(c.field);
  const label = info?.label ?? c.field;
  const negate = c.negate === true;
  const value = c.value;
  const list = Array.isArray(value) ? value : [String(value)];
  if (info?.valueType === 'boolean' && typeof value === 'boolean') {
    const holds = value !== negate;
    if (info.words) return holds ? info.words.yes : info.words.no;
    return `${label} is ${holds ? 'yes' : 'no'}`;
  }
  if (info?.valueType === 'network') {
    const kinds = list.map(
      (k) => FILTER_NETWORK_WORDS[k.toLowerCase() as keyof typeof FILTER_NETWORK_WORDS] ?? k,
    );
    return `${label} ${oneOf(kinds, negate, 'is')}`;
  }
  if (info?.valueType === 'country' && (c.operator === 'equals' || c.operator === 'inList')) {
    return `${label} ${oneOf(list.map(countryName), negate, 'is')}`;
  }
  if (info?.valueType === 'ip' && (c.operator === 'equals' || c.operator === 'inList')) {
    return `${label} ${oneOf(list, negate, 'is in')}`;
  }
  if (c.operator === 'inList') {
    const quoted = list.map((v) => `"${v}"`);
    if (quoted.length === 1) return `${label} ${negate ? 'is not' : 'is'} ${quoted[0]}`;
    return `${label} ${negate ? 'is none of' : 'is one of'} ${listed(quoted, 'comma')}`;
  }
  const labels = negate ? FILTER_NEGATED_OPERATOR_LABELS : FILTER_OPERATOR_LABELS;
  const op = labels[c.operator as FilterOperator] ?? c.operator;
  const shown =
    typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : typeof value === 'number'
        ? String(value)
        : Array.isArray(value)
          ? value.join(', ')
          : `"${value}"`;
  return `${label} ${op} ${shown}`;
}

/** The conditions that made a filter match, joined into one sentence: "A, B and C". */
export function joinReasons(reasons: readonly { text: string }[]): string {
  const texts = reasons.map((r) => r.text);
  if (texts.length <= 1) return texts[0] ?? '';
  return `${texts.slice(0, -1).join(', ')} and ${texts[texts.length - 1]}`;
}
