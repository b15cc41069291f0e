// What a visit keeps about the visitor's network and agent, as the engine saw them when it
// decided: the network kinds (hosting, VPN, proxy, Tor, Private Relay), the Bot Blocker
// category the user agent falls in, and whether a claimed search-engine crawler came from its
// engine's network (verified) or not (fake). The log shows them as badges and filters on them.
import { BOT_CATEGORIES, NETWORK_KINDS, networkBit } from '@gatehouse/engine/values';
import { z } from 'zod';

export const visitCrawlerChecks = ['verified', 'fake'] as const;
export type VisitCrawlerCheck = (typeof visitCrawlerChecks)[number];

/**
 * The stored bit set: the engine's network bits (networkBit), then a bit for a verified and
 * one for a fake crawler.
 */
export const CRAWLER_BITS: Record<VisitCrawlerCheck, number> = { verified: 32, fake: 64 };

/** Every bit of the stored set, by the filter value that reads it (network kind or crawler verdict). */
export const VISIT_FLAG_BITS: Readonly<
  Record<(typeof NETWORK_KINDS)[number] | VisitCrawlerCheck, number>
> = {
  ...(Object.fromEntries(NETWORK_KINDS.map((kind) => [kind, networkBit(kind)])) as Record<
    (typeof NETWORK_KINDS)[number],
    number
  >),
  ...CRAWLER_BITS,
};

export const visitNetworkKind = z.enum(NETWORK_KINDS);
export const visitBotCategory = z.enum(BOT_CATEGORIES);
export const visitCrawlerCheck = z.enum(visitCrawlerChecks);

/** The network kinds set in a stored bit set, in the order of NETWORK_KINDS. */
export function visitNetworkKinds(flags: number): (typeof NETWORK_KINDS)[number][] {
  return NETWORK_KINDS.filter((kind) => (flags & networkBit(kind)) !== 0);
}

/** The crawler verdict in a stored bit set, or null when the agent claimed no crawler. */
export function visitCrawler(flags: number): VisitCrawlerCheck | null {
  if ((flags & CRAWLER_BITS.verified) !== 0) return 'verified';
  return (flags & CRAWLER_BITS.fake) !== 0 ? 'fake' : null;
}

/** The badge words of each network kind, bot category and crawler verdict. */
export const visitNetworkLabels = {
  network: {
    hosting: 'Hosting',
    vpn: 'VPN',
    proxy: 'Proxy',
    tor: 'Tor',
    privateRelay: 'Private Relay',
  },
  bot: {
    'ai-crawlers': 'AI training crawler',
    'ai-search': 'AI search crawler',
    'ai-agents': 'AI assistant',
    'seo-tools': 'SEO tool',
    scripts: 'Script',
    'headless-browsers': 'Headless browser',
    'empty-agent': 'Empty user agent',
    'fake-crawlers': 'Fake crawler',
    'other-bots': 'Other bot',
  },
  crawler: { verified: 'Verified crawler', fake: 'Fake crawler' },
} as const satisfies {
  network: Record<(typeof NETWORK_KINDS)[number], string>;
  bot: Record<(typeof BOT_CATEGORIES)[number], string>;
  crawler: Record<VisitCrawlerCheck, string>;
};

/**
 * Stored bits above the crawler's: a switch was on whose list was missing when the visit was
 * decided, so the switch could not see this visitor's kind of network.
 */
export const UNLISTED_BITS = { tor: 128, privateRelay: 256 } as const;
export type UnlistedKind = keyof typeof UNLISTED_BITS;

/** What the log and the IP lookup say of a switch whose list is missing. */
export const unlistedTexts: Record<UnlistedKind, string> = {
  tor: 'Tor switch: not enforced until the list loads',
  privateRelay: 'iCloud Private Relay: not blocked until the list loads',
};

/** The stored bits of the kinds a decision's rules asked for without their list. */
export function unlistedBits(unlisted: number): number {
  return (
    ((unlisted & networkBit('tor')) !== 0 ? UNLISTED_BITS.tor : 0) |
    ((unlisted & networkBit('privateRelay')) !== 0 ? UNLISTED_BITS.privateRelay : 0)
  );
}

/** The texts of a stored bit set's unlisted kinds. */
export function visitUnlisted(flags: number): string[] {
  return (Object.keys(UNLISTED_BITS) as UnlistedKind[])
    .filter((kind) => (flags & UNLISTED_BITS[kind]) !== 0)
    .map((kind) => unlistedTexts[kind]);
}
