// Checks one rule's meaning and turns it into its compiled form. Shape was checked by the
// schema already; what is left is what a schema cannot say (is this an address, a country, a
// usable URL), reported with the rule's id and a message a merchant can act on.
import { parseIpRange, type IpRange } from '../ip/ip-range.js';
import { normalizeRedirectUrl, type Action } from '../rules/action.js';
import { normalizeIspName } from '../matchers/org-words.js';
import { isAsn, MAX_ASN } from '../rules/asn.js';
import { isCountryCode } from '../rules/country-codes.js';
import { parseReferrerDomain } from '../rules/referrer.js';
import type { AsnRule, ReferrerRule, Rule } from '../rules/rule-set.js';
import { compileScope, normalizeScopePattern, type Scope } from '../rules/scope.js';
import type { CompileIssue } from './compile-issue.js';
import type { CompiledRule } from './policy.js';

type Report = (
  issue: Omit<CompileIssue, 'ruleId' | 'path'> & { field: (string | number)[] },
) => void;

function compileAction(action: Action | undefined, report: Report) {
  if (!action || action.type === 'block')
    return { action: 'block' as const, redirectUrl: undefined };
  const url = normalizeRedirectUrl(action.url);
  if (url === null) {
    report({
      code: 'invalidRedirectUrl',
      message: `"${action.url}" is not a valid redirect URL (use a full http:// or https:// address)`,
      field: ['action', 'url'],
    });
  }
  return { action: 'redirect' as const, redirectUrl: url ?? undefined };
}

function compileRuleScope(scope: Scope | undefined, report: Report) {
  if (!scope || scope.type === 'store') return null;
  const patterns: string[] = [];
  scope.patterns.forEach((pattern, i) => {
    const normalized = normalizeScopePattern(pattern);
    if (normalized === null) {
      report({
        code: 'invalidScope',
        message: `"${pattern}" is not a valid URL pattern (it must start with "/", like /products/my-hat)`,
        field: ['scope', 'patterns', i],
      });
    } else patterns.push(normalized);
  });
  return compileScope(patterns);
}

function compileExpiry(expiresAt: string | undefined, report: Report): number {
  if (expiresAt === undefined) return Infinity;
  const at = /^\d{4}-\d{2}-\d{2}/.test(expiresAt) ? Date.parse(expiresAt) : NaN;
  if (Number.isNaN(at)) {
    report({
      code: 'invalidExpiry',
      message: `"${expiresAt}" is not a valid expiry date`,
      field: ['expiresAt'],
    });
  }
  return at;
}

export function parseRuleIp(ip: string, report: Report): IpRange | null {
  const parsed = parseIpRange(ip.trim());
  if (parsed.ok) return parsed.range;
  const isBlock = ip.includes('/');
  const message =
    parsed.reason === 'hostBitsSet'
      ? `"${ip}" has bits set after the prefix; did you mean ${parsed.network}?`
      : parsed.reason === 'invalidPrefix'
        ? `"${ip}" has an invalid prefix length`
        : `"${ip}" is not a valid IP address${isBlock ? ' or CIDR range' : ''}`;
  report({ code: isBlock ? 'invalidCidr' : 'invalidIp', message, field: ['ip'] });
  return null;
}

export type CompiledRuleParts =
  | { kind: 'ip-allow' | 'ip-block'; rule: CompiledRule; range: IpRange | null }
  | {
      kind: 'country';
      rule: CompiledRule;
      mode: 'blacklist' | 'whitelist';
      countries: string[];
      blockUnknown: boolean;
    }
  | { kind: 'asn'; rule: CompiledRule; asns: number[]; names: string[] }
  | { kind: 'referrer'; rule: CompiledRule; hosts: string[]; parents: string[] };

function compileReferrerDomains(rule: ReferrerRule, report: Report) {
  const hosts: string[] = [];
  const parents: string[] = [];
  rule.domains.forEach((text, i) => {
    const domain = parseReferrerDomain(text);
    if (domain !== null) (domain.wildcard ? parents : hosts).push(domain.host);
    else {
      report({
        code: 'invalidReferrer',
        message:
          text.trim() === ''
            ? 'A referrer domain cannot be empty'
            : `"${text}" is not a domain (use a site's name, like spam.example or *.spam.example)`,
        field: ['domains', i],
      });
    }
  });
  return { hosts, parents };
}

function compileAsnLists(rule: AsnRule, report: Report) {
  const asns: number[] = [];
  const names: string[] = [];
  (rule.asns ?? []).forEach((asn, i) => {
    if (isAsn(asn)) asns.push(asn);
    else {
      report({
        code: 'invalidAsn',
        message: `${String(asn)} is not an AS number (use 1 to ${MAX_ASN}, like 15169)`,
        field: ['asns', i],
      });
    }
  });
  (rule.names ?? []).forEach((name, i) => {
    const normalized = normalizeIspName(name);
    if (normalized !== null) names.push(normalized);
    else {
      report({
        code: 'invalidIspName',
        message:
          name.trim() === ''
            ? 'An ISP name cannot be empty'
            : `"${name}" is not an ISP name (it needs letters or digits)`,
        field: ['names', i],
      });
    }
  });
  return { asns, names };
}

/** Compiles one rule, reporting every problem found through `report`. */
export function compileRule(rule: Rule, report: Report): CompiledRuleParts {
  const scope = compileRuleScope(rule.scope, report);
  const ref = Object.freeze({ id: rule.id, kind: rule.kind });
  if (rule.kind === 'ip-allow') {
    const range = parseRuleIp(rule.ip, report);
    const expiresAt = compileExpiry(rule.expiresAt, report);
    const compiled = {
      ref,
      action: 'allow' as const,
      redirectUrl: undefined,
      monitorRef: null,
      scope,
      expiresAt,
    };
    return { kind: rule.kind, rule: compiled, range };
  }
  const { action, redirectUrl } = compileAction(rule.action, report);
  const monitorRef = rule.monitor ? Object.freeze({ ...ref, action }) : null;
  if (rule.kind === 'ip-block') {
    const range = parseRuleIp(rule.ip, report);
    const expiresAt = compileExpiry(rule.expiresAt, report);
    return {
      kind: rule.kind,
      rule: { ref, action, redirectUrl, monitorRef, scope, expiresAt },
      range,
    };
  }
  if (rule.kind === 'asn') {
    return {
      kind: 'asn',
      rule: { ref, action, redirectUrl, monitorRef, scope, expiresAt: Infinity },
      ...compileAsnLists(rule, report),
    };
  }
  if (rule.kind === 'referrer') {
    return {
      kind: 'referrer',
      rule: { ref, action, redirectUrl, monitorRef, scope, expiresAt: Infinity },
      ...compileReferrerDomains(rule, report),
    };
  }
  const countries: string[] = [];
  rule.countries.forEach((code, i) => {
    const upper = code.trim().toUpperCase();
    if (isCountryCode(upper)) countries.push(upper);
    else {
      report({
        code: 'invalidCountry',
        message: `"${code}" is not a country code (use two letters, like US or DE)`,
        field: ['countries', i],
      });
    }
  });
  return {
    kind: 'country',
    rule: { ref, action, redirectUrl, monitorRef, scope, expiresAt: Infinity },
    mode: rule.mode,
    countries,
    blockUnknown: rule.blockUnknown === true,
  };
}
