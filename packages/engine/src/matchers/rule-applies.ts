// The checks made on a rule only once its matcher has hit: expiry, scope, monitor mode. Kept
// off the lookup path so indexes stay plain ranges and sets.
import { pathOfUrl } from '../rules/scope.js';
import type { CompiledRule, DecideContext } from '../policy/policy.js';

/**
 * True when the rule decides this visit. A monitored rule that would apply is recorded as
 * the visit's "would block" (the first one wins) and does not decide.
 */
export function ruleApplies(rule: CompiledRule, context: DecideContext): boolean {
  if (rule.expiresAt !== Infinity) {
    if (Number.isNaN(context.now)) {
      const now = context.visit.now;
      context.now = typeof now === 'number' && Number.isFinite(now) ? now : Date.now();
    }
    if (context.now >= rule.expiresAt) return false;
  }
  if (rule.scope !== null) {
    if (context.path === null) context.path = pathOfUrl(context.visit.url);
    if (!rule.scope(context.path)) return false;
  }
  if (rule.monitorRef !== null) {
    if (context.monitor === null) context.monitor = rule.monitorRef;
    return false;
  }
  return true;
}
