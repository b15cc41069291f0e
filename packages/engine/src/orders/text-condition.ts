// The tests of text conditions (equals, contains, starts with, in the list, matches a pattern,
// over one value or any of many), and what every condition's check answers: a test, or the
// problem with its code and where in the condition it is.
import { compileMerchantRegex, type PatternTest } from '../patterns/merchant-regex.js';
import { FILTER_PATTERNS } from '../patterns/regex-syntax.js';
import {
  FILTER_LIMITS,
  type FilterCondition,
  type FilterFieldInfo,
  type FilterProblemCode,
} from './filter-fields.js';
import { digitsOf, normDomain, normText, normZip, type PreparedOrder } from './order-facts.js';

/** A condition's test: true or false, never throwing (a missing fact is false). */
export type ConditionTest = (order: PreparedOrder) => boolean;

export type Value = FilterCondition['value'];
/** A condition's problem: what it is, and where in the condition (its value, unless said). */
export interface Problem {
  problem: string;
  code: FilterProblemCode;
  at?: (string | number)[];
}
export type Built = { test: ConditionTest } | Problem;

export const refuse = (
  code: FilterProblemCode,
  problem: string,
  at?: (string | number)[],
): Problem => (at === undefined ? { code, problem } : { code, problem, at });

export const isNum = (v: Value): v is number => typeof v === 'number' && Number.isFinite(v);
export const isText = (v: Value): v is string => typeof v === 'string';
export const isList = (v: Value): v is string[] =>
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
export function over(key: string, many: boolean, negate: boolean, c: TextCheck): ConditionTest {
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

export function textCondition(info: FilterFieldInfo, c: FilterCondition, negate: boolean): Built {
  const norm = normalizerOf(info.key);
  const many = info.many;
  const { operator: op, value } = c;
  if (op === 'matches') {
    if (!isText(value) || value.trim() === '') return refuse('invalid_value', 'Enter a pattern.');
    if (value.length > FILTER_LIMITS.patternLength) {
      return refuse(
        'invalid_pattern',
        `A pattern can be at most ${FILTER_LIMITS.patternLength} characters.`,
      );
    }
    const compiled = compileMerchantRegex(value, FILTER_PATTERNS);
    if ('problem' in compiled) return refuse('invalid_pattern', `${compiled.problem}.`);
    const re = compiled.test;
    // A phone is matched as written, not by its digits.
    const key = info.key === 'phone' ? 'phone:raw' : info.key;
    return { test: over(key, many, negate, { kind: 'matches', re }) };
  }
  if (op === 'inList') {
    if (!isList(value)) return refuse('invalid_value', 'Give a list of values.');
    const entries = new Set(value.map(norm).filter((e) => e !== ''));
    if (entries.size === 0) {
      return refuse('empty_list', 'The list is empty. Add at least one value.');
    }
    return { test: over(info.key, many, negate, { kind: 'inList', set: entries }) };
  }
  if (!isText(value)) return refuse('invalid_value', 'Enter a text value.');
  const wanted = norm(value);
  if (wanted === '') {
    return refuse(
      'invalid_value',
      info.key === 'phone' ? 'Enter a phone number with digits.' : 'Enter a value to compare.',
    );
  }
  const kind = op === 'equals' || op === 'contains' ? op : 'startsWith';
  return { test: over(info.key, many, negate, { kind, text: wanted }) };
}
