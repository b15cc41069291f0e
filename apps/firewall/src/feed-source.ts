// The network feeds (Tor exits, iCloud Private Relay egress, the search engines' crawler
// ranges) as the server stores them, so the firewall classifies addresses (VPN, Tor, relay,
// verified crawler) as the storefront's decisions do, without calling the publishers itself.
// The server's copies are followed like the policies (follow.ts: long poll, ETag, cache file):
// the server answers a waiting read when a refresh stores a new copy, and only then is the
// classifier rebuilt, the files parsed and indexed on a worker thread when they are big, so
// requests are never held. The rebuilt classifier is handed to `onClassifier`; until the first
// one (and whenever the server is down) the last good one, or the built-in table alone, stays.
import {
  buildNetworkClassifier,
  runFeedWorkOffThread,
  type IndexResult,
  type NetworkClassifier,
  type NetworkTableRow,
} from '@gatehouse/engine';
import { FIREWALL_FEEDS_PATH } from '@gatehouse/contracts';
import { follow, type Follower, type FollowSettings, type FollowStatus } from './follow.js';

export interface FeedStatus extends FollowStatus {
  /** Ranges per feed in the classifier in force. */
  feeds: Record<string, number>;
}

export interface FeedSource extends Omit<Follower, 'status'> {
  status(): FeedStatus;
}

export interface FeedSourceOptions extends FollowSettings {
  /** The curated networks table the feeds are added to. */
  table: readonly NetworkTableRow[];
  onClassifier(classifier: NetworkClassifier): void;
}

export function createFeedSource(options: FeedSourceOptions): FeedSource {
  const { log } = options;
  let feeds: Record<string, number> = {};

  const follower = follow({
    ...options,
    path: FIREWALL_FEEDS_PATH,
    what: 'network feeds',
    async apply(text) {
      const { result } = await runFeedWorkOffThread<IndexResult>({ op: 'copies', text }, log);
      for (const { name, error } of result.unreadable) {
        log.warn({ feed: name, error }, 'a network feed copy does not parse; left out');
      }
      options.onClassifier(buildNetworkClassifier(options.table, result.index));
      feeds = result.ranges;
    },
  });

  return {
    firstRead: follower.firstRead,
    refresh: () => follower.refresh(),
    status: () => ({ ...follower.status(), feeds }),
    close: () => follower.close(),
  };
}
