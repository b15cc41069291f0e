// What a change must be confirmed for before it is saved: it would block the merchant's own
// address (the admin request's, geolocated here), every visitor from the country they are in
// now, or a verified search-engine crawler that visited in the replayed days. Each is a change
// only when the rules in force let that visitor in and the draft would not. Turning off the
// pass for verified search engines is always confirmed, with how many of their visits in the
// replayed days the rules would then have blocked, engine by engine (none is said too: the
// rules added later apply to them as well).
import { ruleCostMessages, type RuleCostConfirmation } from '@gatehouse/contracts';
import {
  countryName,
  crawlerName,
  decide,
  UNKNOWN_FACTS,
  type CrawlerId,
  type GeoFacts,
  type Policy,
  type Visit,
} from '@gatehouse/engine';

export interface MerchantVisit {
  ip: string;
  userAgent: string;
  facts: GeoFacts;
}

const newlyStopped = (current: Policy, draft: Policy, visit: Visit, facts: GeoFacts) =>
  decide(current, visit, facts).action === 'allow' &&
  decide(draft, visit, facts).action !== 'allow';

const plural = (n: number, one: string) =>
  `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

export function confirmations(
  current: Policy,
  draft: Policy,
  merchant: MerchantVisit,
  crawlers: ReadonlyMap<CrawlerId, number>,
  /** The draft takes away the pass that lets verified search engines past the rules. */
  dropsSearchEnginePass = false,
): RuleCostConfirmation[] {
  const out: RuleCostConfirmation[] = [];
  const { country } = merchant.facts;
  // Any visitor from the merchant's country: the facts of the country alone, no address.
  if (country !== null) {
    const fromCountry = { ...UNKNOWN_FACTS, country };
    if (newlyStopped(current, draft, { ip: '', url: '/' }, fromCountry)) {
      out.push({
        reason: 'ownCountry',
        message: `Every visitor from ${countryName(country)}, the country you are in now, would be blocked, you included.`,
      });
    }
  }
  const own: Visit = { ip: merchant.ip, url: '/', userAgent: merchant.userAgent };
  if (out.length === 0 && newlyStopped(current, draft, own, merchant.facts)) {
    out.push({
      reason: 'ownAddress',
      message: `Your own address, ${merchant.ip}, would be blocked: you could no longer open your store from where you are now.`,
    });
  }
  if (dropsSearchEnginePass) {
    out.push({ reason: 'searchEngines', message: searchEngineMessage(crawlers) });
    return out;
  }
  for (const [id, visits] of crawlers) {
    out.push({
      reason: 'crawler',
      message: `${crawlerName(id)}’s verified search-engine crawler would be blocked: it visited ${plural(visits, 'time')} in the last 7 days that the change would block, and your pages could drop out of its search results.`,
    });
  }
  return out;
}

function searchEngineMessage(crawlers: ReadonlyMap<CrawlerId, number>): string {
  const first = ruleCostMessages.searchEnginePass;
  const engines = [...crawlers].sort((a, b) => b[1] - a[1]);
  const total = engines.reduce((sum, [, visits]) => sum + visits, 0);
  if (total === 0) {
    return `${first} None of their visits in the last 7 days would have been blocked by your rules as they are now; rules you add later would apply to them too.`;
  }
  const each = engines.map(
    ([id, visits]) => `${crawlerName(id)} ${visits.toLocaleString('en-US')}`,
  );
  return `${first} ${plural(total, 'visit')} of theirs in the last 7 days would have been blocked (${each.join(', ')}), and your pages could drop out of their search results.`;
}
