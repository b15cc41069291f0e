// The network classifier: for an address (already parsed) and its AS facts, the network flags
// (hosting, vpn, proxy, tor, privateRelay) and the crawlers whose networks hold it. Built from
// the curated table, the organisation-name rules and whatever feeds are loaded; rebuilt (not
// mutated) when a feed changes. Offline: nothing here calls anyone.
import {
  buildRangeSet,
  rangeSetBytes,
  rangeSetHas,
  type RangeList,
  type RangeSet,
} from '../ip/range-set.js';
import { CRAWLERS, crawlerBit } from './crawlers.js';
import type { FeedDefinition } from './feeds.js';
import { NETWORK_PRIVATE_RELAY, NETWORK_TOR, networkBit } from './network-flags.js';
import { RELAY_PARTNER_ASNS } from './relay-partners.js';
import { networkTableFlags, type NetworkTableRow } from './network-table.js';
import { buildOrgRules, orgFlags, type OrgRules } from './org-rules.js';

export interface NetworkFacts {
  /** NETWORK_* bits. */
  network: number;
  /** A bit per crawler (crawlerBit) whose network holds the address. */
  crawlers: number;
}

export interface NetworkClassifier {
  classify(
    version: 4 | 6,
    words: Uint32Array,
    asn: number | null,
    org: string | null,
  ): NetworkFacts;
  /** A bit per crawler that can be checked by network (published ranges, or owner networks). */
  readonly crawlersKnown: number;
  /** A bit per crawler whose published ranges are loaded. */
  readonly crawlerLists: number;
  /** NETWORK_* bits of the kinds whose list is not loaded (tor, privateRelay). */
  readonly listsMissing: number;
  /** Bytes held by the feed index and the table. */
  bytes(): number;
}

export interface LoadedFeed {
  definition: FeedDefinition;
  ranges: RangeList;
}

/** Per feed: the network bits it sets, and the crawler bit it proves. */
export interface FeedMarks {
  network: number;
  crawler: number;
}

/**
 * The loaded feeds as lookup sets, one per thing they mark (Google's two crawler lists become
 * one). Plain numbers and typed arrays only, so it can be built on a worker thread and handed
 * over without copying.
 */
export interface FeedIndex {
  sets: { mark: FeedMarks; set: RangeSet }[];
}

export function buildFeedIndex(feeds: readonly LoadedFeed[]): FeedIndex {
  const groups = new Map<string, { mark: FeedMarks; lists: RangeList[] }>();
  for (const feed of feeds) {
    const m = feed.definition.marks;
    const key = 'network' in m ? `network:${m.network}` : `crawler:${m.crawler}`;
    const mark: FeedMarks =
      'network' in m
        ? { network: networkBit(m.network), crawler: 0 }
        : { network: 0, crawler: crawlerBit(m.crawler) };
    const group = groups.get(key) ?? { mark, lists: [] };
    group.lists.push(feed.ranges);
    groups.set(key, group);
  }
  return {
    sets: [...groups.values()].map((g) => ({ mark: g.mark, set: buildRangeSet(g.lists) })),
  };
}

/** The typed arrays' buffers of an index: what a worker transfers instead of copying. */
export function feedIndexBuffers(index: FeedIndex): ArrayBuffer[] {
  return index.sets.flatMap(({ set }) =>
    [set.v4First, set.v4Last, set.v6First, set.v6Last].map((a) => a.buffer as ArrayBuffer),
  );
}

export function buildNetworkClassifier(
  table: readonly NetworkTableRow[],
  feeds: readonly LoadedFeed[] | FeedIndex,
  rules: OrgRules = buildOrgRules(),
): NetworkClassifier {
  const byAsn = networkTableFlags(table);
  const byOrg = new Map<number, number>();
  const { sets } = 'sets' in feeds ? feeds : buildFeedIndex(feeds);
  let feedCrawlers = 0;
  let feedNetworks = 0;
  for (const { mark } of sets) {
    feedCrawlers |= mark.crawler;
    feedNetworks |= mark.network;
  }
  // Only these kinds come from a list alone; the others are known by the table and the rules.
  const listsMissing = (NETWORK_TOR | NETWORK_PRIVATE_RELAY) & ~feedNetworks;
  // Without Apple's list, the networks its partners run for the relay alone still say relay.
  const relayAsns = new Set((listsMissing & NETWORK_PRIVATE_RELAY) !== 0 ? RELAY_PARTNER_ASNS : []);

  // A crawler with its ranges loaded is checked by them alone; one without, by its owner's
  // networks and its DNS (checkCrawler).
  const ownerAsns = new Map<number, number>();
  let crawlersKnown = feedCrawlers;
  for (const crawler of CRAWLERS) {
    const bit = crawlerBit(crawler.id);
    if ((feedCrawlers & bit) !== 0) continue;
    for (const asn of crawler.ownerAsns) {
      ownerAsns.set(asn, (ownerAsns.get(asn) ?? 0) | bit);
      crawlersKnown |= bit;
    }
  }

  function asnFlags(asn: number, org: string | null): number {
    const listed = byAsn.get(asn);
    if (listed !== undefined) return listed;
    let flags = byOrg.get(asn);
    if (flags === undefined) {
      flags = org === null ? 0 : orgFlags(rules, org);
      byOrg.set(asn, flags);
    }
    return flags;
  }

  return {
    crawlersKnown,
    crawlerLists: feedCrawlers,
    listsMissing,
    classify(version, words, asn, org) {
      let network = asn === null ? 0 : asnFlags(asn, org);
      if (asn !== null && relayAsns.has(asn)) network = NETWORK_PRIVATE_RELAY;
      let crawlers = asn === null ? 0 : (ownerAsns.get(asn) ?? 0);
      for (let k = 0; k < sets.length; k++) {
        const { mark, set } = sets[k]!;
        if (rangeSetHas(set, version, words)) {
          network |= mark.network;
          crawlers |= mark.crawler;
        }
      }
      // A relay's egress is shoppers behind Apple's privacy relay, not a server or a VPN, even
      // where the relay rents its addresses from a hosting network.
      if ((network & NETWORK_PRIVATE_RELAY) !== 0)
        network = NETWORK_PRIVATE_RELAY | (network & NETWORK_TOR);
      return { network, crawlers };
    },
    bytes: () =>
      sets.reduce((sum, s) => sum + rangeSetBytes(s.set), 0) + byAsn.size * 16 + byOrg.size * 16,
  };
}
