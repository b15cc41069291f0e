// A shop's stored protection rules as plain serialisable data: one rule schema per kind (each
// kind's matcher file declares it; policy/rule-kinds.ts lists them). These schemas check shape
// only; `compile()` checks meaning (addresses, countries, URLs) and is the one place a rule
// set can be refused.
import { z } from 'zod';
import { RULE_KINDS } from '../policy/rule-kinds.js';

type Schemas<T extends readonly { schema: unknown }[]> = {
  -readonly [I in keyof T]: T[I]['schema'];
};

export const ruleSchema = z.discriminatedUnion(
  'kind',
  RULE_KINDS.map((k) => k.schema) as Schemas<typeof RULE_KINDS>,
);

export const ruleSetSchema = z.object({
  /** The app's master switch (General Settings); false allows every visitor. */
  appEnabled: z.boolean(),
  rules: z.array(ruleSchema).max(100_000),
});

export type Rule = z.infer<typeof ruleSchema>;
export type RuleKind = Rule['kind'];
/** A rule of one kind, e.g. `RuleOf<'asn'>`. */
export type RuleOf<K extends RuleKind> = Extract<Rule, { kind: K }>;
export type RuleSet = z.infer<typeof ruleSetSchema>;
