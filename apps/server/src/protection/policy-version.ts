// The version of a shop's rules: a short hash of the rule set every blocker loads (the switch
// that turns the app off included). Any change to what can be decided changes it, so an allow
// token issued under the old rules no longer lets a page show before its decision. It is
// derived from the stored rules alone, so every instance computes the same version without
// storing or sharing one. Base64url: never a dot, as the token's fields are split on dots.
import { createHash } from 'node:crypto';
import type { RuleSet } from '@gatehouse/engine';

export function policyVersion(ruleSet: RuleSet): string {
  return createHash('sha256').update(JSON.stringify(ruleSet)).digest('base64url').slice(0, 12);
}
