// compile(rules): the only step that can refuse a shop's rules. It validates shape (zod) and
// meaning (per rule), and builds the policy `decide()` evaluates: one matcher per rule kind,
// in the order of policy/rule-kinds.ts.
import { ruleSetSchema } from '../rules/rule-set.js';
import type { CompileIssue } from './compile-issue.js';
import { compileRule, type AnyRuleKind } from './compile-rule.js';
import type { CompiledRule, CompileWarning, Policy } from './policy.js';
import { RULE_KINDS } from './rule-kinds.js';

export type CompileResult =
  | {
      ok: true;
      policy: Policy;
      warnings: readonly CompileWarning[];
      /** The skippable issues left out of a stored rule set (always empty for a save). */
      skipped: CompileIssue[];
    }
  | { ok: false; errors: CompileIssue[] };

export interface CompileOptions {
  /**
   * The rule set is one already stored, not a save: an entry refused by a check made stricter
   * since it was saved (a skippable issue) is left out and reported in `skipped`, so the
   * shop's other rules still apply; every other issue still refuses the whole set.
   */
  stored?: boolean;
}

/** How many issues are reported at most; a bad import of thousands of lines needs only a sample. */
const MAX_ISSUES = 100;

interface KindState {
  kind: AnyRuleKind;
  /** The enabled rules' entries, in rule-set order. */
  entries: ({ rule: CompiledRule } & object)[];
  /** Entries counted against the kind's limit, disabled rules included. */
  counted: number;
}

export function compile(input: unknown, options: CompileOptions = {}): CompileResult {
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
  const skipped: CompileIssue[] = [];
  const seen = new Set<string>();
  const kinds = RULE_KINDS.map((kind): KindState => ({ kind, entries: [], counted: 0 }));
  const byName = new Map(kinds.map((state) => [state.kind.schema.shape.kind.value, state]));

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
    // The schema admits only listed kinds.
    const state = byName.get(rule.kind)!;
    const enabled = rule.enabled !== false;
    const { rule: compiled, parts } = compileRule(
      state.kind,
      rule,
      ({ field, ...issue }) => {
        const at = { ...issue, ruleId: rule.id, path: ['rules', index, ...field] };
        if (options.stored && issue.skippable) skipped.push(at);
        else errors.push(at);
      },
      (warning) => {
        // A rule that is off warns of nothing.
        if (enabled) warnings.push({ ...warning, ruleId: rule.id });
      },
    );
    const limit = state.kind.limit;
    if (limit) {
      const before = state.counted;
      state.counted += limit.count(rule as never);
      // Reported once, on the rule that goes over.
      if (before <= limit.max && state.counted > limit.max) {
        errors.push({
          code: limit.code,
          message: limit.message,
          ruleId: rule.id,
          path: ['rules', index],
        });
      }
    }
    if (enabled && parts !== null) state.entries.push({ ...parts, rule: compiled });
  });

  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ISSUES) };
  const policy: Policy = {
    appEnabled,
    matchers: kinds.map((state) => state.kind.matcher(state.entries)),
    skipsSignedAgents: kinds.map((state) => state.kind.skipsSignedAgents === true),
    ruleCount: rules.length,
    warnings,
  };
  return { ok: true, policy, warnings, skipped };
}

/** Bytes held by a policy's index structures. */
export function policyBytes(policy: Policy): number {
  return policy.matchers.reduce((sum, m) => sum + m.bytes(), 0);
}
