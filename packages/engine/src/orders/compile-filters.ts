// One file past the usual size: each kind of value's check and its test read side by side.
// Compiles auto-cancel filters once, from their data, into tests over a prepared order. Every
// condition is checked: its field exists, its operator fits the field (the table in
// filter-fields.ts), its value is of the field's kind (a number, yes or no, a country code, an
// address or CIDR range, a known network kind), a list is not empty, a text is not empty, a
// pattern is one the linear-time engine runs (patterns/merchant-regex.ts), and no group
// is empty. A refusal names the filter, the group and the condition, counted from 1.
import { parseIpRange } from '../ip/ip-range.js';
import { compileMerchantRegex, type PatternTest } from '../patterns/merchant-regex.js';
import { FILTER_PATTERNS } from '../patterns/regex-syntax.js';
import { isCountryCode } from '../rules/country-codes.js';
import {
  describeCondition,
  FILTER_LIMITS,
  FILTER_NETWORK_KINDS,
  filterField,
  type FilterCondition,
  type FilterFieldInfo,
  type FilterMatch,
} from './filter-fields.js';
import { digitsOf, normDomain, normText, normZip, type PreparedOrder } from './order-facts.js';

/** A condition's test: true or false, never throwing (a missing fact is false). */
export type ConditionTest = (order: PreparedOrder) => boolean;

export interface CompiledGroup {
  any: boolean;
  tests: ConditionTest[];
}

export interface CompiledMatch {
  any: boolean;
  groups: CompiledGroup[];
  /** The source, to describe the deciding condition. */
  source: FilterMatch;
}

export type CompileResult = { ok: true; match: CompiledMatch } | { ok: false; problems: string[] };

type Value = FilterCondition['value'];
type Built = { test: ConditionTest } | { problem: string };

const isNum = (v: Value): v is number => typeof v === 'number' && Number.isFinite(v);
const isText = (v: Value): v is string => typeof v === 'string';
const isList = (v: Value): v is string[] =>
  Array.isArray(v) && v.every((e) => typeof e === 'string');

/** The normalizer of a text field's values (and of the condition's value alike). */
function normalizerOf(key: string): (s: string) => string {
  if (key === 'emailDomain') return normDomain;
  if (key === 'phone') return digitsOf;
  if (key === 'zip') return normZip;
  return normText;
}

/** How a text condition compares one fact. */
type TextCheck =
  | { kind: 'equals' | 'contains' | 'startsWith'; text: string }
  | { kind: 'inList'; set: ReadonlySet<string> }
  | { kind: 'matches'; re: PatternTest };

function checkOne(c: TextCheck, f: string): boolean {
  switch (c.kind) {
    case 'equals':
      return f === c.text;
    case 'contains':
      return f.includes(c.text);
    case 'startsWith':
      return f.startsWith(c.text);
    case 'inList':
      return c.set.has(f);
    case 'matches':
      return c.re(f);
  }
}

/**
 * The test over a field's fact (any one of its values, for a many-valued field). The common
 * single-valued comparisons are closures of their own, so evaluating one is a property read
 * and a comparison.
 */
function over(key: string, many: boolean, negate: boolean, c: TextCheck): ConditionTest {
  if (many) {
    return (o) => {
      const facts = o[key];
      if (!Array.isArray(facts)) return false;
      let hit = false;
      for (const f of facts as readonly string[]) {
        if (checkOne(c, f)) {
          hit = true;
          break;
        }
      }
      return hit !== negate;
    };
  }
  switch (c.kind) {
    case 'equals': {
      const text = c.text;
      return (o) => {
        const f = o[key];
        return typeof f === 'string' && (f === text) !== negate;
      };
    }
    case 'contains': {
      const text = c.text;
      return (o) => {
        const f = o[key];
        return typeof f === 'string' && f.includes(text) !== negate;
      };
    }
    case 'startsWith': {
      const text = c.text;
      return (o) => {
        const f = o[key];
        return typeof f === 'string' && f.startsWith(text) !== negate;
      };
    }
    case 'inList': {
      const set = c.set;
      return (o) => {
        const f = o[key];
        return typeof f === 'string' && set.has(f) !== negate;
      };
    }
    case 'matches': {
      const re = c.re;
      return (o) => {
        const f = o[key];
        return typeof f === 'string' && re(f) !== negate;
      };
    }
  }
}

function textCondition(info: FilterFieldInfo, c: FilterCondition, negate: boolean): Built {
  const norm = normalizerOf(info.key);
  const many = info.many;
  const { operator: op, value } = c;
  if (op === 'matches') {
    if (!isText(value) || value.trim() === '') return { problem: 'Enter a pattern.' };
    if (value.length > FILTER_LIMITS.patternLength) {
      return { problem: `A pattern can be at most ${FILTER_LIMITS.patternLength} characters.` };
    }
    const compiled = compileMerchantRegex(value, FILTER_PATTERNS);
    if ('problem' in compiled) return { problem: `${compiled.problem}.` };
    const re = compiled.test;
    // A phone is matched as written, not by its digits.
    const key = info.key === 'phone' ? 'phone:raw' : info.key;
    return { test: over(key, many, negate, { kind: 'matches', re }) };
  }
  if (op === 'inList') {
    if (!isList(value)) return { problem: 'Give a list of values.' };
    const entries = new Set(value.map(norm).filter((e) => e !== ''));
    if (entries.size === 0) return { problem: 'The list is empty. Add at least one value.' };
    return { test: over(info.key, many, negate, { kind: 'inList', set: entries }) };
  }
  if (!isText(value)) return { problem: 'Enter a text value.' };
  const wanted = norm(value);
  if (wanted === '') {
    return {
      problem:
        info.key === 'phone' ? 'Enter a phone number with digits.' : 'Enter a value to compare.',
    };
  }
  const kind = op === 'equals' || op === 'contains' ? op : 'startsWith';
  return { test: over(info.key, many, negate, { kind, text: wanted }) };
}

function numberCondition(key: string, c: FilterCondition, negate: boolean): Built {
  if (!isNum(c.value)) return { problem: 'Enter a number, like 500 or 19.99.' };
  const n = c.value;
  const test: ConditionTest =
    c.operator === 'greaterThan'
      ? (o) => {
          const f = o[key];
          return typeof f === 'number' && f > n !== negate;
        }
      : c.operator === 'lessThan'
        ? (o) => {
            const f = o[key];
            return typeof f === 'number' && f < n !== negate;
          }
        : (o) => {
            const f = o[key];
            return typeof f === 'number' && Math.abs(f - n) < 0.005 !== negate;
          };
  return { test };
}

function ipCondition(c: FilterCondition, negate: boolean): Built {
  const entries = c.operator === 'inList' ? c.value : isText(c.value) ? [c.value] : null;
  if (!Array.isArray(entries) || entries.length === 0) {
    return { problem: 'Give one or more IP addresses or CIDR ranges.' };
  }
  const ranges: { version: 4 | 6; first: bigint; last: bigint }[] = [];
  for (const entry of entries) {
    const parsed = typeof entry === 'string' ? parseIpRange(entry.trim()) : null;
    if (!parsed?.ok) {
      const why =
        parsed && parsed.reason === 'hostBitsSet' ? ` (did you mean ${parsed.network}?)` : '';
      return { problem: `"${String(entry)}" is not an IP address or CIDR range${why}.` };
    }
    ranges.push(parsed.range);
  }
  const v4 = ranges.filter((r) => r.version === 4).map((r) => [Number(r.first), Number(r.last)]);
  const v6 = ranges.filter((r) => r.version === 6);
  return {
    test: (o) => {
      const ip4 = o.browserIp4;
      let hit = false;
      if (typeof ip4 === 'number') {
        for (const [first, last] of v4) {
          if (ip4 >= first! && ip4 <= last!) {
            hit = true;
            break;
          }
        }
      } else {
        const ip = o.browserIp;
        if (typeof ip !== 'bigint') return false;
        for (const r of v6) {
          if (ip >= r.first && ip <= r.last) {
            hit = true;
            break;
          }
        }
      }
      return hit !== negate;
    },
  };
}

function setCondition(
  key: string,
  c: FilterCondition,
  negate: boolean,
  accept: (v: string) => string | null,
  what: string,
): Built {
  const entries = c.operator === 'inList' ? c.value : isText(c.value) ? [c.value] : null;
  if (!Array.isArray(entries) || entries.length === 0)
    return { problem: `Give one or more ${what}.` };
  const set = new Set<string>();
  for (const entry of entries) {
    const ok = typeof entry === 'string' ? accept(entry.trim()) : null;
    if (ok === null) return { problem: `"${String(entry)}" is not one of the ${what}.` };
    set.add(ok);
  }
  return { test: over(key, key === 'ipNetwork', negate, { kind: 'inList', set }) };
}

const countryOf = (v: string) => (isCountryCode(v.toUpperCase()) ? v.toUpperCase() : null);
const networkOf = (v: string) =>
  (FILTER_NETWORK_KINDS as readonly string[]).includes(v.toLowerCase()) ? v.toLowerCase() : null;

function buildCondition(c: FilterCondition): Built {
  if (c === null || typeof c !== 'object') return { problem: 'A condition must be an object.' };
  const info = filterField(c.field);
  if (!info) return { problem: `"${String(c.field)}" is not an order field a filter can test.` };
  if (!info.operators.includes(c.operator as never)) {
    return {
      problem: `"${String(c.operator)}" does not fit ${info.label}; use ${info.operators.join(', ')}.`,
    };
  }
  const negate = c.negate === true;
  switch (info.valueType) {
    case 'text':
      return textCondition(info, c, negate);
    case 'number':
      return numberCondition(info.key, c, negate);
    case 'boolean': {
      if (typeof c.value !== 'boolean') return { problem: 'Choose yes or no.' };
      const want = c.value !== negate;
      return { test: (o) => typeof o[info.key] === 'boolean' && o[info.key] === want };
    }
    case 'ip':
      return ipCondition(c, negate);
    case 'country':
      return setCondition(info.key, c, negate, countryOf, 'two-letter country codes, like US');
    case 'network':
      return setCondition(
        info.key,
        c,
        negate,
        networkOf,
        'network kinds: hosting, vpn, proxy, tor',
      );
  }
}

/** Compiles one filter's match; `label` starts each message (the filter's name). */
export function compileMatch(match: FilterMatch, label = ''): CompileResult {
  const prefix = label === '' ? '' : `Filter "${label}": `;
  const problems: string[] = [];
  const groups = match !== null && typeof match === 'object' ? match.groups : undefined;
  if (!Array.isArray(groups) || groups.length === 0) {
    return { ok: false, problems: [`${prefix}Add at least one group of conditions.`] };
  }
  if (groups.length > FILTER_LIMITS.groups) {
    problems.push(`${prefix}A filter can have at most ${FILTER_LIMITS.groups} groups.`);
  }
  const compiled: CompiledGroup[] = [];
  groups.forEach((group, g) => {
    const conditions = group?.conditions;
    if (!Array.isArray(conditions) || conditions.length === 0) {
      problems.push(`${prefix}Group ${g + 1} is empty. Add a condition to it or remove it.`);
      return;
    }
    if (conditions.length > FILTER_LIMITS.conditionsPerGroup) {
      problems.push(
        `${prefix}Group ${g + 1} has more than ${FILTER_LIMITS.conditionsPerGroup} conditions.`,
      );
    }
    const tests: ConditionTest[] = [];
    conditions.forEach((c, i) => {
      const built = buildCondition(c);
      if ('problem' in built) {
        const words = c && typeof c === 'object' ? ` (${describeCondition(c)})` : '';
        problems.push(`${prefix}Group ${g + 1}, condition ${i + 1}${words}: ${built.problem}`);
      } else {
        tests.push(built.test);
      }
    });
    compiled.push({ any: group.any === true, tests });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, match: { any: match.any === true, groups: compiled, source: match } };
}
