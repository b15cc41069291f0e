// Search-engine crawlers a store wants in, and how each is recognised: by the user agent it
// claims, then by the address it comes from. An engine that publishes its crawlers' address
// ranges is checked against them (a feed); one that does not (or whose feed has not been
// loaded yet) is checked against the networks the engine itself runs, by AS number. A claimed
// crawler from anywhere else is a fake.

export const CRAWLERS = [
  {
    id: 'google',
    name: 'Google',
    // Googlebot and Google's other crawlers that obey robots.txt.
    agent:
      /Googlebot|Storebot-Google|Google-InspectionTool|AdsBot-Google|Mediapartners-Google|GoogleOther|Google-Extended/,
    ownerAsns: [15169],
  },
  {
    id: 'bing',
    name: 'Bing',
    agent: /bingbot|BingPreview|adidxbot|MicrosoftPreview/i,
    ownerAsns: [8075],
  },
  { id: 'apple', name: 'Apple', agent: /Applebot/, ownerAsns: [714, 6185] },
  // DuckDuckBot runs on rented clouds, so only its published ranges can tell.
  { id: 'duckduckgo', name: 'DuckDuckGo', agent: /DuckDuckBot|DuckAssistBot/, ownerAsns: [] },
  {
    id: 'yandex',
    name: 'Yandex',
    agent: /Yandex(?:Bot|Images|Mobile|Video|Media|Metrika|Accessibility|Favicons|RenderResources)/,
    ownerAsns: [13238],
  },
  { id: 'baidu', name: 'Baidu', agent: /Baiduspider/i, ownerAsns: [55967, 38365] },
] as const;

export type CrawlerId = (typeof CRAWLERS)[number]['id'];

export const CRAWLER_IDS: readonly CrawlerId[] = CRAWLERS.map((c) => c.id);

/** The crawler's bit in a crawler mask. */
export function crawlerBit(id: CrawlerId): number {
  return 1 << CRAWLER_IDS.indexOf(id);
}

export function crawlerName(id: CrawlerId): string {
  return CRAWLERS.find((c) => c.id === id)!.name;
}

// One pass over the agent for the common case (no crawler claimed): a visitor's agent rarely
// contains any of these words, and the combined test costs one regular-expression run.
const ANY_CRAWLER = new RegExp(CRAWLERS.map((c) => c.agent.source).join('|'), 'i');

// Visitors' agents repeat (one per browser build), so answers are remembered: a bounded map,
// emptied when full, so a flood of invented agents costs memory only up to the bound.
const CLAIM_CACHE_MAX = 5_000;
const claims = new Map<string, CrawlerId | null>();

/** The crawler a user agent claims to be, or null. */
export function claimedCrawler(userAgent: string | undefined): CrawlerId | null {
  if (typeof userAgent !== 'string' || userAgent.length === 0 || userAgent.length > 1024) {
    return null;
  }
  const known = claims.get(userAgent);
  if (known !== undefined) return known;
  let claimed: CrawlerId | null = null;
  if (ANY_CRAWLER.test(userAgent)) {
    for (const crawler of CRAWLERS) {
      if (crawler.agent.test(userAgent)) {
        claimed = crawler.id;
        break;
      }
    }
  }
  if (claims.size >= CLAIM_CACHE_MAX) claims.clear();
  claims.set(userAgent, claimed);
  return claimed;
}

export type CrawlerCheck =
  /** Claims a crawler and comes from its network. */
  | 'verified'
  /** Claims a crawler and comes from elsewhere. */
  | 'fake'
  /** Claims a crawler whose network cannot be checked right now (its feed is missing). */
  | 'unverified';

/**
 * Checks a claimed crawler against the address's facts: `crawlers` has a bit for each crawler
 * whose network holds the address, `crawlersKnown` a bit for each crawler that can be checked.
 */
export function checkCrawler(
  claimed: CrawlerId,
  crawlers: number,
  crawlersKnown: number,
): CrawlerCheck {
  const bit = crawlerBit(claimed);
  if ((crawlers & bit) !== 0) return 'verified';
  return (crawlersKnown & bit) !== 0 ? 'fake' : 'unverified';
}
