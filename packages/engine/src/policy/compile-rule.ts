// Checks one rule's meaning and turns it into its compiled form. Shape was checked by the
// schema already; what is left is what a schema cannot say (is this an address, a country, a
// usable URL), reported with the rule's id and a message a merchant can act on. The checks
// every rule shares (scope, action, monitor mode, expiry) are here; the kind checks the rest.
import type { Action } from '../rules/action.js';
import { invalidRedirectUrlMessage, normalizeRedirectUrl } from '../rules/redirect-url.js';
import type { Rule } from '../rules/rule-set.js';
import { compileScope, normalizeScopePattern, type Scope } from '../rules/scope.js';
import type { CompiledRule } from './policy.js';
import type { KindSchema, Report, RuleKindDefinition, Warn } from './rule-kind.js';

function compileAction(action: Action | undefined, report: Report) {
  if (!action || action.type === 'block')
    return { action: 'block' as const, redirectUrl: undefined };
  const url = normalizeRedirectUrl(action.url);
  if (url === null) {
    report({
      code: 'invalidRedirectUrl',
      message: invalidRedirectUrlMessage(action.url),
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

function compileExpiry(expiresAt: unknown, report: Report): number {
  if (typeof expiresAt !== 'string') return Infinity;
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

/** A kind whose rule and entry types are not known here. */
export type AnyRuleKind = RuleKindDefinition<KindSchema, unknown>;

/** A rule compiled: what decide() applies on a hit, and what the kind's matcher indexes. */
export interface CompiledRuleParts {
  rule: CompiledRule;
  /** The kind's own part; null when the rule cannot match. */
  parts: unknown;
}

/**
 * Compiles one rule of `kind`, reporting every problem found through `report`: its scope, its
 * action (a blocking kind), the kind's own fields, then its expiry (the kinds whose rules
 * carry one).
 */
export function compileRule(
  kind: AnyRuleKind,
  rule: Rule,
  report: Report,
  warn: Warn,
): CompiledRuleParts {
  const scope = compileRuleScope(rule.scope, report);
  const ref = Object.freeze({ id: rule.id, kind: rule.kind });
  let action: CompiledRule['action'] = 'allow';
  let redirectUrl: string | undefined;
  let monitorRef: CompiledRule['monitorRef'] = null;
  if (kind.decides === 'block') {
    const blocking = rule as { action?: Action; monitor?: boolean };
    ({ action, redirectUrl } = compileAction(blocking.action, report));
    if (blocking.monitor) monitorRef = Object.freeze({ ...ref, action });
  }
  const parts = kind.compile(rule as never, report, warn);
  const expiresAt = compileExpiry((rule as { expiresAt?: unknown }).expiresAt, report);
  // One object shape for every kind's rules: decide() reads them on every hit.
  return { rule: { ref, action, redirectUrl, monitorRef, scope, expiresAt }, parts };
}
