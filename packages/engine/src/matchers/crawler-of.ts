// The crawler a visit claims to be and whether its address checks out, worked out once per
// decision (the verified-crawler rule, the bot categories and the decision itself all ask).
import { checkCrawler, claimedCrawler } from '../network/crawlers.js';
import type { CrawlerVerdict, DecideContext } from '../policy/policy.js';

export function crawlerOf(context: DecideContext): CrawlerVerdict | null {
  if (context.crawler !== undefined) return context.crawler;
  const id = claimedCrawler(context.visit.userAgent);
  const facts = context.facts;
  context.crawler =
    id === null
      ? null
      : {
          id,
          check: checkCrawler(id, facts, context.visit.crawlerDns),
        };
  return context.crawler;
}
