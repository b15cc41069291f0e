// Compiles auto-cancel filters once, from their data, into tests over a prepared order. Every
// condition is checked: its field exists, its operator fits the field (the table in
// filter-fields.ts), its value is of the field's kind (a number, yes or no, a country code, an
// address or CIDR range, a known network kind), a list is not empty, a text is not empty, a
// pattern is one the linear-time engine runs (patterns/merchant-regex.ts), and no group
// is empty. A refusal says where it is twice: as a path into the match, for the editor to
// show it beside the part at fault, and in words naming the filter, the group and the
// condition, counted from 1.
import { isCountryCode } from '../rules/country-codes.js';
import { describeCondition } from './condition-words.js';
import {
  FILTER_LIMITS,
  FILTER_NETWORK_KINDS,
  filterField,
  type FilterCondition,
  type FilterMatch,
  type FilterProblem,
  type FilterProblemCode,
} from './filter-fields.js';
import { checkIpEntry } from './ip-entry.js';
import {
  isNum,
  isText,
  over,
  refuse,
  textCondition,
  type Built,
  type ConditionTest,
} from './text-condition.js';

export type { ConditionTest } from './text-condition.js';

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

export type CompileResult =
  { ok: true; match: CompiledMatch } | { ok: false; problems: FilterProblem[] };

function numberCondition(key: string, c: FilterCondition, negate: boolean): Built {
  if (!isNum(c.value)) return refuse('invalid_value', 'Enter a number, like 500 or 19.99.');
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
    return refuse('empty_list', 'Give one or more IP addresses or CIDR ranges.');
  }
  const ranges: { version: 4 | 6; first: bigint; last: bigint }[] = [];
  for (const [k, entry] of entries.entries()) {
    const checked =
      typeof entry === 'string'
        ? checkIpEntry(entry)
        : { ok: false as const, problem: `"${String(entry)}" is not an IP address.` };
    const at = c.operator === 'inList' ? ['value', k] : ['value'];
    if (!checked.ok) return refuse('invalid_ip', checked.problem, at);
    ranges.push(checked.range);
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
  code: FilterProblemCode,
): Built {
  const entries = c.operator === 'inList' ? c.value : isText(c.value) ? [c.value] : null;
  if (!Array.isArray(entries) || entries.length === 0) {
    return refuse('empty_list', `Give one or more ${what}.`);
  }
  const set = new Set<string>();
  for (const [k, entry] of entries.entries()) {
    const ok = typeof entry === 'string' ? accept(entry.trim()) : null;
    const at = c.operator === 'inList' ? ['value', k] : ['value'];
    if (ok === null) return refuse(code, `"${String(entry)}" is not one of the ${what}.`, at);
    set.add(ok);
  }
  return { test: over(key, key === 'ipNetwork', negate, { kind: 'inList', set }) };
}

const countryOf = (v: string) => (isCountryCode(v.toUpperCase()) ? v.toUpperCase() : null);
const networkOf = (v: string) =>
  (FILTER_NETWORK_KINDS as readonly string[]).includes(v.toLowerCase()) ? v.toLowerCase() : null;

function buildCondition(c: FilterCondition): Built {
  if (c === null || typeof c !== 'object') {
    return refuse('invalid_condition', 'A condition must be an object.', []);
  }
  const info = filterField(c.field);
  if (!info) {
    return refuse(
      'unknown_field',
      `"${String(c.field)}" is not an order field a filter can test.`,
      ['field'],
    );
  }
  if (!info.operators.includes(c.operator as never)) {
    return refuse(
      'operator_mismatch',
      `"${String(c.operator)}" does not fit ${info.label}; use ${info.operators.join(', ')}.`,
      ['operator'],
    );
  }
  const negate = c.negate === true;
  switch (info.valueType) {
    case 'text':
      return textCondition(info, c, negate);
    case 'number':
      return numberCondition(info.key, c, negate);
    case 'boolean': {
      if (typeof c.value !== 'boolean') return refuse('invalid_value', 'Choose yes or no.');
      const want = c.value !== negate;
      return { test: (o) => typeof o[info.key] === 'boolean' && o[info.key] === want };
    }
    case 'ip':
      return ipCondition(c, negate);
    case 'country':
      return setCondition(
        info.key,
        c,
        negate,
        countryOf,
        'two-letter country codes, like US',
        'invalid_country',
      );
    case 'network':
      return setCondition(
        info.key,
        c,
        negate,
        networkOf,
        'network kinds: hosting, vpn, proxy, tor',
        'invalid_network',
      );
  }
}

/** Compiles one filter's match; `label` starts each problem's sentence (the filter's name). */
export function compileMatch(match: FilterMatch, label = ''): CompileResult {
  const prefix = label === '' ? '' : `Filter "${label}": `;
  const problems: FilterProblem[] = [];
  const add = (path: (string | number)[], code: FilterProblemCode, message: string, where = '') =>
    problems.push({ path, code, message, text: `${prefix}${where}${message}` });
  const groups = match !== null && typeof match === 'object' ? match.groups : undefined;
  if (!Array.isArray(groups) || groups.length === 0) {
    add(['groups'], 'no_groups', 'Add at least one group of conditions.');
    return { ok: false, problems };
  }
  if (groups.length > FILTER_LIMITS.groups) {
    add(['groups'], 'too_many_groups', `A filter can have at most ${FILTER_LIMITS.groups} groups.`);
  }
  const compiled: CompiledGroup[] = [];
  groups.forEach((group, g) => {
    const conditions = group?.conditions;
    const at = ['groups', g, 'conditions'];
    if (!Array.isArray(conditions) || conditions.length === 0) {
      const message = 'This group is empty. Add a condition to it or remove it.';
      problems.push({
        path: at,
        code: 'empty_group',
        message,
        text: `${prefix}Group ${g + 1} is empty. Add a condition to it or remove it.`,
      });
      return;
    }
    if (conditions.length > FILTER_LIMITS.conditionsPerGroup) {
      add(
        at,
        'too_many_conditions',
        `A group can have at most ${FILTER_LIMITS.conditionsPerGroup} conditions.`,
        `Group ${g + 1}: `,
      );
    }
    const tests: ConditionTest[] = [];
    conditions.forEach((c, i) => {
      const built = buildCondition(c);
      if ('problem' in built) {
        const words = c && typeof c === 'object' ? ` (${describeCondition(c)})` : '';
        const where = `Group ${g + 1}, condition ${i + 1}${words}: `;
        add([...at, i, ...(built.at ?? ['value'])], built.code, built.problem, where);
      } else {
        tests.push(built.test);
      }
    });
    compiled.push({ any: group.any === true, tests });
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, match: { any: match.any === true, groups: compiled, source: match } };
}
