// What a rule kind is to compile(): its schema, its meaning check, and the matcher that holds
// its rules. Each kind lives in one matcher file (matchers/) and is listed once, in the order
// of evaluation, in policy/rule-kinds.ts; compile() and decide() know kinds only through this.
import { z } from 'zod';
import { actionSchema } from '../rules/action.js';
import { scopeSchema } from '../rules/scope.js';
import type { CompileIssue } from './compile-issue.js';
import type { CompiledRule, CompileWarning, Matcher } from './policy.js';

/** Fields every rule carries. */
export const ruleBase = {
  /** Stable id, unique in the rule set; decisions and visit logs name it. */
  id: z.string().min(1).max(100),
  /** Off rules are kept (and validated) but never match. Default on. */
  enabled: z.boolean().optional(),
  /** Where it applies; the whole store when absent. */
  scope: scopeSchema.optional(),
};

/** Fields of rules that block: what they do, and monitor mode (report "would block", allow). */
export const blockingBase = {
  ...ruleBase,
  action: actionSchema.optional(),
  monitor: z.boolean().optional(),
};

/** The schema of one kind's rules: an object whose `kind` is the kind's name. */
export type KindSchema = z.ZodObject<{ kind: z.ZodLiteral<string>; id: z.ZodString }>;

/** Reports one problem of a rule, at a field of the rule (e.g. ['domains', 3]). */
export type Report = (
  issue: Omit<CompileIssue, 'ruleId' | 'path'> & { field: (string | number)[] },
) => void;

/** Reports something the merchant should know about a rule that is still accepted. */
export type Warn = (warning: Omit<CompileWarning, 'ruleId'>) => void;

export interface RuleKindDefinition<S extends KindSchema, P> {
  /** The shape of a rule of this kind, checked before anything else. */
  readonly schema: S;
  /**
   * What a match does: `allow` lets the visitor in; `block` applies the rule's action (the
   * block page or a redirect) and monitor mode.
   */
  readonly decides: 'allow' | 'block';
  /**
   * Checks what the schema cannot (addresses, countries, domains), reporting every problem,
   * and answers what the kind's matcher needs of the rule; null when the rule cannot match.
   * Disabled rules are checked too; their warnings are not kept.
   */
  compile(rule: z.infer<S>, report: Report, warn: Warn): P | null;
  /** A bound on the entries all rules of this kind hold together, counted on every rule. */
  readonly limit?: {
    max: number;
    count(rule: z.infer<S>): number;
    code: string;
    message: string;
  };
  /** The matcher of the kind's enabled rules, given in rule-set order. */
  matcher(entries: (P & { rule: CompiledRule })[]): Matcher;
  /**
   * The kind's rules never see a verified signed agent: what the agent is and what it is
   * for decide it, not where its request comes from (its country, network or referrer).
   */
  readonly skipsSignedAgents?: true;
}

/** Declares a kind, inferring its rule and entry types from the schema and compile(). */
export function ruleKind<S extends KindSchema, P>(
  definition: RuleKindDefinition<S, P>,
): RuleKindDefinition<S, P> {
  return definition;
}
