// Search-engine crawlers a store wants in, and how each is recognised: by the user agent it
// claims, then by the address it comes from. An engine that publishes its crawlers' address
// ranges is checked against them (a feed); one that does not (or whose feed has not been
// loaded yet) is narrowed by the networks the engine itself runs (by AS number: a claim from
// outside them is a fake at once) and confirmed by the engine's documented reverse DNS: the
// address's name lies in the engine's own domains and that name resolves back to the address.
// AI companies that publish the ranges of their agents are checked the same way, agent by
// agent, but only to tell a real agent from an impostor: a verified AI agent gets no pass
// that search engines get (the "always let verified search engines in" rule, geo redirects),
// it is decided by the merchant's switch for its purpose like any other.

export const CRAWLERS = [
  {
    id: 'google',
    kind: 'search',
    name: 'Google',
    // Googlebot and Google's other crawlers that obey robots.txt.
    agent:
      /Googlebot|Storebot-Google|Google-InspectionTool|AdsBot-Google|Mediapartners-Google|GoogleOther|Google-Extended/,
    ownerAsns: [15169],
    dnsDomains: ['googlebot.com', 'google.com'],
  },
  {
    id: 'bing',
    kind: 'search',
    name: 'Bing',
    agent: /bingbot|BingPreview|adidxbot|MicrosoftPreview/i,
    ownerAsns: [8075],
    dnsDomains: ['search.msn.com'],
  },
  {
    id: 'apple',
    kind: 'search',
    name: 'Apple',
    agent: /Applebot/,
    ownerAsns: [714, 6185],
    dnsDomains: ['applebot.apple.com'],
  },
  // DuckDuckBot runs on rented clouds and documents no reverse DNS: only its ranges can tell.
  {
    id: 'duckduckgo',
    kind: 'search',
    name: 'DuckDuckGo',
    agent: /DuckDuckBot/,
    ownerAsns: [],
    dnsDomains: [],
  },
  {
    id: 'yandex',
    kind: 'search',
    name: 'Yandex',
    agent: /Yandex(?:Bot|Images|Mobile|Video|Media|Metrika|Accessibility|Favicons|RenderResources)/,
    ownerAsns: [13238],
    dnsDomains: ['yandex.ru', 'yandex.net', 'yandex.com'],
  },
  {
    id: 'baidu',
    kind: 'search',
    name: 'Baidu',
    agent: /Baiduspider/i,
    ownerAsns: [55967, 38365],
    dnsDomains: ['baidu.com', 'baidu.jp'],
  },
  // The AI agents below run on rented clouds and document no reverse DNS: while an agent's
  // ranges are not loaded its claim can be told neither real nor fake.
  {
    id: 'gptbot',
    kind: 'ai',
    name: 'OpenAI GPTBot',
    agent: /GPTBot/,
    ownerAsns: [],
    dnsDomains: [],
  },
  {
    id: 'oai-searchbot',
    kind: 'ai',
    name: 'OpenAI OAI-SearchBot',
    agent: /OAI-SearchBot/,
    ownerAsns: [],
    dnsDomains: [],
  },
  {
    id: 'chatgpt-user',
    kind: 'ai',
    name: 'OpenAI ChatGPT-User',
    agent: /ChatGPT-User/,
    ownerAsns: [],
    dnsDomains: [],
  },
  {
    id: 'perplexitybot',
    kind: 'ai',
    name: 'PerplexityBot',
    agent: /PerplexityBot/,
    ownerAsns: [],
    dnsDomains: [],
  },
  {
    id: 'perplexity-user',
    kind: 'ai',
    name: 'Perplexity-User',
    agent: /Perplexity-User/,
    ownerAsns: [],
    dnsDomains: [],
  },
  {
    id: 'ccbot',
    kind: 'ai',
    name: 'Common Crawl CCBot',
    agent: /CCBot/,
    ownerAsns: [],
    dnsDomains: [],
  },
  // Anthropic publishes one list for its three agents (training, search, user-triggered): its
  // help article on its crawlers links it and says an address on it is Anthropic's crawler.
  // Until that list has loaded, a visitor naming one of them is judged as any unverified agent.
  {
    id: 'anthropic',
    kind: 'ai',
    name: 'Anthropic ClaudeBot, Claude-SearchBot and Claude-User',
    agent: /ClaudeBot|Claude-SearchBot|Claude-User/,
    ownerAsns: [],
    dnsDomains: [],
  },
  // Amazonbot publishes no ranges: its addresses' reverse DNS names, confirmed forward, tell.
  {
    id: 'amazonbot',
    kind: 'ai',
    name: 'Amazonbot',
    agent: /Amazonbot/,
    ownerAsns: [],
    dnsDomains: ['crawl.amazonbot.amazon'],
  },
  // DuckDuckGo's AI answers fetch with their own agent and ranges, apart from its search crawler.
  {
    id: 'duckassistbot',
    kind: 'ai',
    name: 'DuckDuckGo DuckAssistBot',
    agent: /DuckAssistBot/,
    ownerAsns: [],
    dnsDomains: [],
  },
  {
    id: 'mistralai-user',
    kind: 'ai',
    name: 'Mistral AI MistralAI-User',
    agent: /MistralAI-User/,
    ownerAsns: [],
    dnsDomains: [],
  },
  // Google's fetchers that act for a person (NotebookLM, Gemini's research and agents) come from
  // their own ranges, not Googlebot's, and get none of a search engine's passes.
  {
    id: 'google-user-fetchers',
    kind: 'ai',
    name: "Google's user-triggered fetchers",
    agent: /Google-NotebookLM|Gemini-Deep-Research|Google-GeminiNotebook|Google-Agent/,
    ownerAsns: [],
    dnsDomains: [],
  },
] as const;

export type CrawlerId = (typeof CRAWLERS)[number]['id'];

export const CRAWLER_IDS: readonly CrawlerId[] = CRAWLERS.map((c) => c.id);

/** The crawler's bit in a crawler mask. */
export function crawlerBit(id: CrawlerId): number {
  return 1 << CRAWLER_IDS.indexOf(id);
}

/** A search engine's crawler, which verified search engines' passes apply to (not an AI agent). */
export function isSearchCrawler(id: CrawlerId): boolean {
  return CRAWLERS.find((c) => c.id === id)!.kind === 'search';
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
  /** Claims a crawler whose network cannot be checked right now (its list is missing). */
  | 'unverified';

/** The crawler's own domains its addresses' reverse DNS names lie in (none: not documented). */
export function crawlerDnsDomains(id: CrawlerId): readonly string[] {
  return CRAWLERS.find((c) => c.id === id)!.dnsDomains;
}

/** The reverse-then-forward DNS answer the server has for a claimed crawler's address. */
export interface CrawlerDnsAnswer {
  crawler: CrawlerId;
  check: 'verified' | 'fake';
}

/** What an address's facts say about the crawlers' networks (GeoFacts' fields). */
export interface CrawlerFacts {
  /** A bit per crawler whose published ranges (or, without them, own networks) hold it. */
  crawlers: number;
  /** A bit per crawler its network could be checked against (ranges or own networks). */
  crawlersKnown: number;
  /** A bit per crawler whose published ranges were loaded. */
  crawlerLists: number;
}

/**
 * Whether a claimed crawler's address needs its DNS answer: the crawler's list is missing, the
 * address is not already a fake by the engine's own networks, and the engine documents its
 * reverse DNS.
 */
export function crawlerNeedsDns(claimed: CrawlerId, facts: CrawlerFacts): boolean {
  const bit = crawlerBit(claimed);
  if ((facts.crawlerLists & bit) !== 0) return false;
  if ((facts.crawlersKnown & bit) !== 0 && (facts.crawlers & bit) === 0) return false;
  return crawlerDnsDomains(claimed).length > 0;
}

/**
 * Checks a claimed crawler against the address's facts. With the crawler's published ranges
 * loaded they alone decide. Without them a claim from outside the engine's own networks is a
 * fake; inside them the DNS answer decides once the server has it, and until then the claim
 * passes by the network it comes from (never by its name alone). Where no network can tell
 * (an engine that runs none, an address of unknown network) the claim stays unverified until
 * its DNS answer says otherwise.
 */
export function checkCrawler(
  claimed: CrawlerId,
  facts: CrawlerFacts,
  dns?: CrawlerDnsAnswer,
): CrawlerCheck {
  const bit = crawlerBit(claimed);
  const inNetwork = (facts.crawlers & bit) !== 0;
  if ((facts.crawlerLists & bit) !== 0) return inNetwork ? 'verified' : 'fake';
  const known = (facts.crawlersKnown & bit) !== 0;
  if (known && !inNetwork) return 'fake';
  if (dns !== undefined && dns.crawler === claimed) return dns.check;
  return known ? 'verified' : 'unverified';
}
