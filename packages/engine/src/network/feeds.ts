// Address feeds the classification is refreshed from: lists their publishers keep current
// (Tor's exit list, Apple's iCloud Private Relay egress ranges, the search engines' crawler
// ranges, and the ranges AI companies publish for each of their agents: OpenAI, Perplexity,
// Anthropic, Common Crawl, DuckDuckGo's AI answers, Mistral AI and Google's user-triggered
// fetchers). Each
// parser checks every line and refuses the whole file on the first bad one, naming it, so a truncated or garbage download never replaces a good list.
import { z } from 'zod';
import { addRange, newRangeList, rangeListSize, type RangeList } from '../ip/range-set.js';
import type { CrawlerId } from './crawlers.js';
import type { NetworkKind } from './network-flags.js';

export type FeedFormat =
  /** One address or CIDR block per line; `#` starts a comment. */
  | 'lines'
  /** CSV whose first field is a CIDR block (Apple's egress list: prefix,country,region,city,). */
  | 'prefix-csv'
  /** JSON `{ "prefixes": [{ "ipv4Prefix": … } | { "ipv6Prefix": … }] }` (the search engines'). */
  | 'prefix-json';

export interface FeedDefinition {
  name: string;
  title: string;
  format: FeedFormat;
  /** The publisher's own address for the file. */
  url: string;
  /** What an address in the feed is: a network kind, or a crawler's published range. */
  marks: { network: NetworkKind } | { crawler: CrawlerId };
}

export const FEEDS: readonly FeedDefinition[] = [
  {
    name: 'tor-exits',
    title: 'Tor exit addresses',
    format: 'lines',
    url: 'https://check.torproject.org/torbulkexitlist',
    marks: { network: 'tor' },
  },
  {
    name: 'icloud-private-relay',
    title: 'iCloud Private Relay egress ranges',
    format: 'prefix-csv',
    url: 'https://mask-api.icloud.com/egress-ip-ranges.csv',
    marks: { network: 'privateRelay' },
  },
  {
    name: 'googlebot',
    title: 'Googlebot ranges',
    format: 'prefix-json',
    url: 'https://developers.google.com/static/search/apis/ipranges/googlebot.json',
    marks: { crawler: 'google' },
  },
  {
    name: 'google-special-crawlers',
    title: "Google's special crawlers' ranges",
    format: 'prefix-json',
    url: 'https://developers.google.com/static/search/apis/ipranges/special-crawlers.json',
    marks: { crawler: 'google' },
  },
  {
    name: 'bingbot',
    title: 'Bingbot ranges',
    format: 'prefix-json',
    url: 'https://www.bing.com/toolbox/bingbot.json',
    marks: { crawler: 'bing' },
  },
  {
    name: 'applebot',
    title: 'Applebot ranges',
    format: 'prefix-json',
    url: 'https://search.developer.apple.com/applebot.json',
    marks: { crawler: 'apple' },
  },
  {
    name: 'duckduckbot',
    title: 'DuckDuckBot ranges',
    format: 'prefix-json',
    url: 'https://duckduckgo.com/duckduckbot.json',
    marks: { crawler: 'duckduckgo' },
  },
  {
    name: 'openai-gptbot',
    title: 'OpenAI GPTBot ranges',
    format: 'prefix-json',
    url: 'https://openai.com/gptbot.json',
    marks: { crawler: 'gptbot' },
  },
  {
    name: 'openai-searchbot',
    title: 'OpenAI OAI-SearchBot ranges',
    format: 'prefix-json',
    url: 'https://openai.com/searchbot.json',
    marks: { crawler: 'oai-searchbot' },
  },
  {
    name: 'openai-chatgpt-user',
    title: 'OpenAI ChatGPT-User ranges',
    format: 'prefix-json',
    url: 'https://openai.com/chatgpt-user.json',
    marks: { crawler: 'chatgpt-user' },
  },
  {
    name: 'perplexitybot',
    title: 'PerplexityBot ranges',
    format: 'prefix-json',
    url: 'https://www.perplexity.com/perplexitybot.json',
    marks: { crawler: 'perplexitybot' },
  },
  {
    name: 'perplexity-user',
    title: 'Perplexity-User ranges',
    format: 'prefix-json',
    url: 'https://www.perplexity.com/perplexity-user.json',
    marks: { crawler: 'perplexity-user' },
  },
  {
    name: 'commoncrawl-ccbot',
    title: 'Common Crawl CCBot ranges',
    format: 'prefix-json',
    url: 'https://index.commoncrawl.org/ccbot.json',
    marks: { crawler: 'ccbot' },
  },
  {
    name: 'anthropic-bots',
    title: 'Anthropic ClaudeBot, Claude-SearchBot and Claude-User ranges',
    format: 'prefix-json',
    url: 'https://claude.com/crawling/bots.json',
    marks: { crawler: 'anthropic' },
  },
  {
    name: 'duckassistbot',
    title: 'DuckDuckGo DuckAssistBot ranges',
    format: 'prefix-json',
    url: 'https://duckduckgo.com/duckassistbot.json',
    marks: { crawler: 'duckassistbot' },
  },
  {
    name: 'mistralai-user',
    title: 'Mistral AI MistralAI-User ranges',
    format: 'prefix-json',
    url: 'https://mistral.ai/mistralai-user-ips.json',
    marks: { crawler: 'mistralai-user' },
  },
  // Google publishes the ranges of the fetchers it runs for people in three files: its own
  // fetchers, fetchers run on its cloud for their users, and its agents.
  {
    name: 'google-user-fetchers-google',
    title: "Google's user-triggered fetchers' ranges",
    format: 'prefix-json',
    url: 'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers-google.json',
    marks: { crawler: 'google-user-fetchers' },
  },
  {
    name: 'google-user-fetchers',
    title: "Google's user-triggered fetchers' ranges (on its cloud)",
    format: 'prefix-json',
    url: 'https://developers.google.com/static/crawling/ipranges/user-triggered-fetchers.json',
    marks: { crawler: 'google-user-fetchers' },
  },
  {
    name: 'google-user-agents',
    title: "Google's user-triggered agents' ranges",
    format: 'prefix-json',
    url: 'https://developers.google.com/static/crawling/ipranges/user-triggered-agents.json',
    marks: { crawler: 'google-user-fetchers' },
  },
];

/** Bounds that no real feed comes near; a file beyond them is refused. */
export const FEED_MAX_BYTES = 32 * 1024 * 1024;
export const FEED_MAX_RANGES = 1_000_000;

export class FeedError extends Error {}

/**
 * The stored copies of the feeds as one document, as the server hands them to its firewalls:
 * each feed's last good file under its name, and the version that names this set of copies.
 */
export const feedCopies = z.object({
  version: z.string().max(4096),
  feeds: z
    .array(z.object({ name: z.string().min(1).max(64), body: z.string().max(FEED_MAX_BYTES) }))
    .max(64),
});
export type FeedCopies = z.infer<typeof feedCopies>;

const prefixJson = z.object({
  prefixes: z
    .array(
      z.union([
        z.object({ ipv4Prefix: z.string().max(64) }).loose(),
        z.object({ ipv6Prefix: z.string().max(64) }).loose(),
      ]),
    )
    .max(FEED_MAX_RANGES),
});

function add(list: RangeList, text: string, where: string): void {
  if (!addRange(list, text.trim())) {
    throw new FeedError(`${where}: "${text.slice(0, 60)}" is not an address or CIDR block`);
  }
}

/** Parses a feed file. Throws a FeedError naming the first bad line; never returns an empty list. */
export function parseFeed(format: FeedFormat, body: string): RangeList {
  if (body.length > FEED_MAX_BYTES) throw new FeedError('the file is larger than 32 MB');
  const list = newRangeList();
  if (format === 'prefix-json') {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new FeedError('the file is not complete JSON');
    }
    const parsed = prefixJson.safeParse(json);
    if (!parsed.success) {
      throw new FeedError('the JSON has no "prefixes" list of ipv4Prefix/ipv6Prefix');
    }
    parsed.data.prefixes.forEach((p, i) => {
      const text = 'ipv4Prefix' in p ? (p.ipv4Prefix as string) : (p.ipv6Prefix as string);
      add(list, text, `prefix ${i + 1}`);
    });
  } else {
    let start = 0;
    for (let n = 1; start <= body.length; n++) {
      let end = body.indexOf('\n', start);
      if (end < 0) end = body.length;
      const line = body.slice(start, end).trim();
      start = end + 1;
      if (line === '' || line.startsWith('#')) continue;
      const comma = format === 'prefix-csv' ? line.indexOf(',') : -1;
      add(list, comma < 0 ? line : line.slice(0, comma), `line ${n}`);
      if (rangeListSize(list) > FEED_MAX_RANGES) {
        throw new FeedError('the file lists more than a million ranges');
      }
    }
  }
  if (rangeListSize(list) === 0) throw new FeedError('the file lists no address');
  return list;
}
