// What the decision table's cases are made of: the case shape, real addresses with the facts
// the bundled geo data gives them, and shorthands for rule sets and visits. Shared by the
// table's files so each fact is written once.
import type { Rule, RuleSet } from '../rules/rule-set.js';
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
    /** A redirect that asks the visitor first. */
    prompt?: boolean;
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

/** Crawlers' and other networks' addresses, per the geo data and the networks table. */
export const GOOGLEBOT_IP = '66.249.66.1'; // Google, US
export const BINGBOT_IP = '157.55.39.1'; // Microsoft, US
export const DIGITALOCEAN = '159.89.0.1'; // DigitalOcean (hosting), DE
export const MULLVAD = '45.83.220.1'; // Mullvad VPN's network, SE
export const MICROSOFT = { asn: 8075, org: 'Microsoft Corporation' };
export const DIGITALOCEAN_NET = { asn: 14061, org: 'DigitalOcean, LLC' };
export const MULLVAD_NET = { asn: 39351, org: '31173 Services AB' };

export const GOOGLEBOT_UA =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const STOREBOT_UA =
  'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const BINGBOT_UA = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const agent = (ip: string, userAgent: string, url = '/'): Visit => ({ ip, url, userAgent });
/** General Settings' "Always let verified search engines in", as the server adds it. */
export const VERIFIED = { id: 'verified-crawlers', kind: 'verified-crawler' } as const;
/** A Bot Blocker rule that blocks the given categories, named after them. */
export const botRule = (...categories: string[]): Rule =>
  ({ id: `bots-${categories.join('-')}`, kind: 'bot-agent', categories }) as Rule;
