// URL Blocker (rule kind `url`): blocks requests by what they ask for, e.g. `/wp-login.php`,
// `/.env` or `/admin` probes. One pattern per rule, matched on the path, or on the path with
// its query string, and optionally on the request's methods (a visit without a method is a page
// view, a GET). Both are percent-decoded before they are compared, so `/%2eenv` is `/.env`.
// Patterns compare without regard to case:
//   exact   the whole path (or path and query) equals the pattern;
//   prefix  it starts with the pattern;
//   glob    `*` stands for any run of characters but `/`, `**` for any run at all;
//   regex   a regular expression found anywhere in it.
// Globs and expressions run on the linear-time engine (patterns/merchant-regex.ts), so no
// pattern can stall the firewall on a crafted path. Exact patterns are one Map lookup; the
// others are tried one by one, in list order.
import { z } from 'zod';
import {
  COMPILED_PATTERN_BYTES,
  compileGlob,
  compileMerchantRegex,
  type PatternTest,
} from '../patterns/merchant-regex.js';
import { URL_PATTERNS } from '../patterns/regex-syntax.js';
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { blockingBase, ruleKind } from '../policy/rule-kind.js';
import {
  MAX_URL_ENTRIES,
  MAX_URL_PATTERN_LENGTH,
  URL_MATCH_TYPES,
  URL_METHODS,
  URL_TARGETS,
  type UrlMatchType,
} from '../rules/url-patterns.js';
import { ruleApplies } from './rule-applies.js';

export interface UrlEntry {
  rule: CompiledRule;
  type: UrlMatchType;
  withQuery: boolean;
  /** Upper-case methods; null for every method. */
  methods: ReadonlySet<string> | null;
  /** The lower-case pattern (exact, prefix) or its expression (glob, regex). */
  text: string;
  /** The glob's or the expression's test. */
  test: PatternTest | null;
}

function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The visited path, and the path with its query, in lower case, percent-decoded (and `+` in
 * the query read as a space, as forms send it).
 */
export function urlParts(url: string): { path: string; full: string } {
  let rest = url;
  const scheme = rest.indexOf('://');
  if (scheme !== -1 && scheme < 10) {
    const slash = rest.indexOf('/', scheme + 3);
    rest = slash === -1 ? '/' : rest.slice(slash);
  }
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash);
  const mark = rest.indexOf('?');
  const path = decodePath(mark === -1 ? rest : rest.slice(0, mark)).toLowerCase() || '/';
  const query =
    mark === -1 ? '' : decodePath(rest.slice(mark + 1).replace(/\+/g, ' ')).toLowerCase();
  return { path, full: query === '' ? path : `${path}?${query}` };
}

function hits(entry: UrlEntry, target: string): boolean {
  switch (entry.type) {
    case 'exact':
      return target === entry.text;
    case 'prefix':
      return target.startsWith(entry.text);
    default:
      return entry.test!(target);
  }
}

export function createUrlMatcher(entries: UrlEntry[]): Matcher {
  let chars = 0;
  let compiled = 0;
  for (const e of entries) {
    chars += e.text.length;
    if (e.test !== null) compiled++;
  }
  return {
    evaluate(context: DecideContext): CompiledRule | null {
      if (entries.length === 0) return null;
      const url = context.visit.url;
      if (typeof url !== 'string') return null;
      const { path, full } = urlParts(url);
      const method = (context.visit.method ?? 'GET').toUpperCase();
      for (const entry of entries) {
        if (entry.methods !== null && !entry.methods.has(method)) continue;
        if (hits(entry, entry.withQuery ? full : path) && ruleApplies(entry.rule, context)) {
          return entry.rule;
        }
      }
      return null;
    },
    bytes: () => entries.length * 96 + chars * 2 + compiled * COMPILED_PATTERN_BYTES,
  };
}

export const urlKind = ruleKind({
  schema: z.object({
    ...blockingBase,
    kind: z.literal('url'),
    match: z.enum(URL_MATCH_TYPES),
    pattern: z.string().max(2000),
    /** What the pattern is compared with: the path (default), or the path and its query. */
    target: z.enum(URL_TARGETS).optional(),
    /** The request methods it applies to; every method when absent or empty. */
    methods: z.array(z.enum(URL_METHODS)).max(URL_METHODS.length).optional(),
  }),
  decides: 'block',
  compile(rule, report) {
    const value = rule.pattern.trim();
    // A rule left out blocks nothing: a stored one now refused is skipped on its own.
    const fail = (message: string) => {
      report({ code: 'invalidUrlPattern', message, field: ['pattern'], skippable: true });
      return null;
    };
    if (value === '') return fail('A URL pattern cannot be empty');
    if (value.length > MAX_URL_PATTERN_LENGTH) {
      return fail(`A URL pattern can be at most ${MAX_URL_PATTERN_LENGTH} characters`);
    }
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (/[\x00-\x20\x7f]/.test(value)) {
      return fail('A URL pattern cannot contain spaces, control characters or line breaks');
    }
    if (rule.match !== 'regex' && !value.startsWith('/') && !value.startsWith('*')) {
      return fail(`"${value}" must start with / (a path, like /wp-login.php) or *`);
    }
    const withQuery = rule.target === 'pathAndQuery';
    if (!withQuery && rule.match !== 'regex' && value.includes('?')) {
      return fail(`"${value}" has a query (?); match it on the path and query`);
    }
    let test: PatternTest | null = null;
    if (rule.match === 'glob') test = compileGlob(value.toLowerCase());
    if (rule.match === 'regex') {
      const compiled = compileMerchantRegex(value, URL_PATTERNS);
      if ('problem' in compiled) return fail(compiled.problem);
      test = compiled.test;
    }
    const methods = rule.methods?.length ? new Set(rule.methods) : null;
    const text = rule.match === 'regex' ? value : value.toLowerCase();
    return { type: rule.match, withQuery, methods, text, test };
  },
  limit: {
    max: MAX_URL_ENTRIES,
    count: () => 1,
    code: 'tooManyUrlEntries',
    message: `At most ${MAX_URL_ENTRIES.toLocaleString('en-US')} URL patterns can be blocked`,
  },
  matcher: createUrlMatcher,
});
