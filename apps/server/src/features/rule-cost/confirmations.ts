// What a change must be confirmed for before it is saved: it would block the merchant's own
// address (the admin request's, geolocated here), every visitor from the country they are in
// now, or a verified search-engine crawler that visited in the replayed days. Each is a change
// only when the rules in force let that visitor in and the draft would not.
import type { RuleCostConfirmation } from '@gatehouse/contracts';
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
  for (const [id, visits] of crawlers) {
    out.push({
      reason: 'crawler',
      message: `${crawlerName(id)}’s verified search-engine crawler would be blocked: it visited ${plural(visits, 'time')} in the last 7 days that the change would block, and your pages could drop out of its search results.`,
    });
  }
  return out;
}
