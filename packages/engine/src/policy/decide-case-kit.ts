// What the decision table's cases are made of: the case shape, real addresses with the facts
// the bundled geo data gives them, and shorthands for rule sets and visits. Shared by the
// table's files so each fact is written once.
import type { RuleSet } from '../rules/rule-set.js';
import type { DecisionAction, Visit } from './policy.js';

export interface DecideCase {
  name: string;
  rules: RuleSet;
  visit: Visit;
  /** The visitor's country per the geo data (null: private or unknown address). */
  country: string | null;
  /** The visitor's AS number per the geo data; given by the cases whose rules use it. */
  asn?: number | null;
  /** The visitor's organisation per the geo data; given with `asn`. */
  org?: string | null;
  expect: {
    action: DecisionAction;
    ruleId: string | null;
    monitorRuleId?: string;
    redirectUrl?: string;
  };
}

export const US = '8.8.8.8'; // Google DNS
export const US_V6 = '2001:4860:4860::8888';
export const DE = '88.198.0.1'; // Hetzner, Falkenstein
export const FR = '212.27.48.10'; // Free, Paris
export const PRIVATE = '10.1.2.3';
export const PAST = '2001-01-01T00:00:00Z';
export const FUTURE = '2099-01-01T00:00:00Z';

export const visit = (ip: string, url = '/'): Visit => ({ ip, url });
export const from = (referrer: string, ip = US, url = '/'): Visit => ({ ip, url, referrer });
/** The networks of the addresses above, per the geo data. */
export const GOOGLE = { asn: 15169, org: 'Google LLC' };
export const HETZNER = { asn: 24940, org: 'Hetzner Online GmbH' };
export const FREE = { asn: 12322, org: 'Free SAS' };
export const on = (...rules: RuleSet['rules']): RuleSet => ({ appEnabled: true, rules });
