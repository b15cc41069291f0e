// The CPU-heavy part of the network feeds: parsing files of hundreds of thousands of lines and
// sorting them into lookup sets. Pure functions of their input, run on a worker thread for big
// files (feed-worker.mjs) so that a refresh never stalls the decisions served meanwhile, and in
// place for small ones, where starting a thread would cost more than the work.
import { rangeListSize } from '../ip/range-set.js';
import { buildFeedIndex, feedIndexBuffers, type FeedIndex, type LoadedFeed } from './classifier.js';
import { FEEDS, FeedError, feedCopies, parseFeed, type FeedFormat } from './feeds.js';

export type FeedWork =
  /** Checks a downloaded file: how many ranges it lists, or why it is refused. */
  | { op: 'count'; format: FeedFormat; body: string }
  /** Builds the lookup index of the stored copies. */
  | { op: 'index'; feeds: { name: string; body: string }[] }
  /** Builds the lookup index of copies received as one JSON document (`FeedCopies`). */
  | { op: 'copies'; text: string };

export type CountResult = { ranges: number } | { refused: string };

export interface IndexResult {
  index: FeedIndex;
  /** Ranges per feed that parsed. */
  ranges: Record<string, number>;
  /** Stored copies that no longer parse (the parser grew stricter), with why. */
  unreadable: { name: string; error: string }[];
}

export function countFeed(format: FeedFormat, body: string): CountResult {
  try {
    return { ranges: rangeListSize(parseFeed(format, body)) };
  } catch (error) {
    if (error instanceof FeedError) return { refused: error.message };
    throw error;
  }
}

export function indexFeeds(feeds: readonly { name: string; body: string }[]): IndexResult {
  const loaded: LoadedFeed[] = [];
  const ranges: Record<string, number> = {};
  const unreadable: IndexResult['unreadable'] = [];
  for (const definition of FEEDS) {
    const stored = feeds.find((f) => f.name === definition.name);
    if (!stored) continue;
    try {
      const list = parseFeed(definition.format, stored.body);
      loaded.push({ definition, ranges: list });
      ranges[definition.name] = rangeListSize(list);
    } catch (error) {
      if (!(error instanceof FeedError)) throw error;
      unreadable.push({ name: definition.name, error: error.message });
    }
  }
  return { index: buildFeedIndex(loaded), ranges, unreadable };
}

/** The copies in a received document; a document that is not one is refused whole. */
function copiesOf(text: string): { name: string; body: string }[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FeedError('the feed copies are not complete JSON');
  }
  const parsed = feedCopies.safeParse(json);
  if (!parsed.success) throw new FeedError('the feed copies are not in the expected form');
  return parsed.data.feeds;
}

/** One piece of work and the buffers its answer can hand over without a copy. */
export function runFeedWork(work: FeedWork): {
  result: CountResult | IndexResult;
  transfer: ArrayBuffer[];
} {
  if (work.op === 'count') return { result: countFeed(work.format, work.body), transfer: [] };
  const result = indexFeeds(work.op === 'index' ? work.feeds : copiesOf(work.text));
  return { result, transfer: feedIndexBuffers(result.index) };
}
