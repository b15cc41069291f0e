// Why a rule set was refused: one issue per problem found, each naming the rule and field so
// the admin can point at it and the server can answer with a clear message.

export interface CompileIssue {
  /**
   * The problem, by name: `invalidRuleSet` (shape), `duplicateRuleId`, `invalidScope`,
   * `invalidRedirectUrl`, `invalidExpiry`, or one of the rule kind's own (`invalidIp`,
   * `invalidCountry`, `tooManyAsnEntries`…).
   */
  code: string;
  message: string;
  /** The offending rule's id, when the problem belongs to one rule. */
  ruleId?: string;
  /** Where in the rule set input, e.g. ["rules", 3, "ip"]. */
  path: (string | number)[];
  /**
   * The kind left the offending entry out and the rest of the rule still means what it says
   * (a block pattern the engine cannot run blocks nothing): a save is refused, but a rule set
   * already stored is served without the entry (compile's `stored` option).
   */
  skippable?: boolean;
}
