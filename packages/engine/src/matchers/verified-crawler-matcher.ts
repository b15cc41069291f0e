// Verified search engines (rule kind `verified-crawler`, one rule: General Settings' "Always
// let verified search engines in"): a visitor whose user agent claims a search engine's
// crawler and whose address lies in that engine's published ranges (or its own network, while
// the ranges are not loaded) is let in past every country, ISP/ASN, VPN and bot rule; an AI
// agent verified by its ranges is not a search engine and gets no such pass. It sits
// after the IP lists, so an explicit IP block entry still applies.
import { z } from 'zod';
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { ruleBase, ruleKind } from '../policy/rule-kind.js';
import { isSearchCrawler } from '../network/crawlers.js';
import { crawlerOf } from './crawler-of.js';
import { ruleApplies } from './rule-applies.js';

export function createVerifiedCrawlerMatcher(entries: { rule: CompiledRule }[]): Matcher {
  const rule = entries[0]?.rule ?? null;
  return {
    evaluate(context: DecideContext): CompiledRule | null {
      if (rule === null) return null;
      const crawler = crawlerOf(context);
      return crawler !== null &&
        crawler.check === 'verified' &&
        isSearchCrawler(crawler.id) &&
        ruleApplies(rule, context)
        ? rule
        : null;
    },
    bytes: () => 0,
  };
}

export const verifiedCrawlerKind = ruleKind({
  skipsSignedAgents: true,
  schema: z.object({ ...ruleBase, kind: z.literal('verified-crawler') }),
  decides: 'allow',
  compile: () => ({}),
  matcher: createVerifiedCrawlerMatcher,
});
