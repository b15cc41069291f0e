// compile(rules): the only step that can refuse a shop's rules. It validates shape (zod) and
// meaning (per rule), and builds the policy `decide()` evaluates: one matcher per blocker, in
// the fixed order of evaluation.
import { createAsnMatcher, type AsnEntry } from '../matchers/asn-matcher.js';
import { createCountryMatcher, type CountryEntry } from '../matchers/country-matcher.js';
import { createIpListMatcher, type IpListEntry } from '../matchers/ip-list-matcher.js';
import { createReferrerMatcher, type ReferrerEntry } from '../matchers/referrer-matcher.js';
import { MAX_ASN_ENTRIES } from '../rules/asn.js';
import { MAX_REFERRER_ENTRIES } from '../rules/referrer.js';
import { ruleSetSchema } from '../rules/rule-set.js';
import type { CompileIssue } from './compile-issue.js';
import { compileRule } from './compile-rule.js';
import type { CompileWarning, Policy } from './policy.js';

export type CompileResult =
  | { ok: true; policy: Policy; warnings: readonly CompileWarning[] }
  | { ok: false; errors: CompileIssue[] };

/** How many issues are reported at most; a bad import of thousands of lines needs only a sample. */
const MAX_ISSUES = 100;

export function compile(input: unknown): CompileResult {
  const parsed = ruleSetSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.slice(0, MAX_ISSUES).map((issue) => ({
        code: 'invalidRuleSet',
        message: `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`,
        path: issue.path.filter((p) => typeof p !== 'symbol'),
      })),
    };
  }
  const { appEnabled, rules } = parsed.data;
  const errors: CompileIssue[] = [];
  const warnings: CompileWarning[] = [];
  const seen = new Set<string>();
  const allow: IpListEntry[] = [];
  const block: IpListEntry[] = [];
  const countries: CountryEntry[] = [];
  const asnEntries: AsnEntry[] = [];
  let asnEntryCount = 0;
  const referrerEntries: ReferrerEntry[] = [];
  let referrerEntryCount = 0;

  rules.forEach((rule, index) => {
    if (seen.has(rule.id)) {
      errors.push({
        code: 'duplicateRuleId',
        message: `Rule id "${rule.id}" is used more than once`,
        ruleId: rule.id,
        path: ['rules', index, 'id'],
      });
    }
    seen.add(rule.id);
    const parts = compileRule(rule, ({ field, ...issue }) => {
      errors.push({ ...issue, ruleId: rule.id, path: ['rules', index, ...field] });
    });
    if (rule.kind === 'asn') {
      const before = asnEntryCount;
      asnEntryCount += (rule.asns?.length ?? 0) + (rule.names?.length ?? 0);
      // Reported once, on the rule that goes over.
      if (before <= MAX_ASN_ENTRIES && asnEntryCount > MAX_ASN_ENTRIES) {
        errors.push({
          code: 'tooManyAsnEntries',
          message: `At most ${MAX_ASN_ENTRIES.toLocaleString('en-US')} ASNs and ISP names can be blocked`,
          ruleId: rule.id,
          path: ['rules', index],
        });
      }
    }
    if (rule.kind === 'referrer') {
      const before = referrerEntryCount;
      referrerEntryCount += rule.domains.length;
      if (before <= MAX_REFERRER_ENTRIES && referrerEntryCount > MAX_REFERRER_ENTRIES) {
        errors.push({
          code: 'tooManyReferrerEntries',
          message: `At most ${MAX_REFERRER_ENTRIES.toLocaleString('en-US')} referrer domains can be blocked`,
          ruleId: rule.id,
          path: ['rules', index],
        });
      }
    }
    if (rule.enabled === false) return;
    if (parts.kind === 'asn') {
      asnEntries.push(parts);
    } else if (parts.kind === 'referrer') {
      referrerEntries.push(parts);
    } else if (parts.kind === 'country') {
      if (parts.mode === 'whitelist' && parts.countries.length === 0) {
        warnings.push({
          code: 'invalidWhitelist',
          ruleId: rule.id,
          message:
            'The country whitelist has no countries: it is treated as invalid and all visits are allowed',
        });
        return;
      }
      countries.push(parts);
    } else if (parts.range !== null) {
      (parts.kind === 'ip-allow' ? allow : block).push({ rule: parts.rule, range: parts.range });
    }
  });

  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ISSUES) };
  const policy: Policy = {
    appEnabled,
    matchers: [
      createIpListMatcher(allow),
      createIpListMatcher(block),
      createCountryMatcher(countries),
      createAsnMatcher(asnEntries),
      createReferrerMatcher(referrerEntries),
    ],
    ruleCount: rules.length,
    invalidWhitelist: warnings.some((w) => w.code === 'invalidWhitelist'),
    warnings,
  };
  return { ok: true, policy, warnings };
}

/** Bytes held by a policy's index structures. */
export function policyBytes(policy: Policy): number {
  return policy.matchers.reduce((sum, m) => sum + m.bytes(), 0);
}
