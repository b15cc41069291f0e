// Runs the network feeds' refresh job once and answers each feed's outcome by its name.
import type { FeedOutcome } from '../../src/features/network-feeds/feed-store.js';
import { NETWORK_FEEDS_JOB } from '../../src/features/network-feeds/network-feeds-plugin.js';
import type { TestApp } from './test-app.js';

export async function refreshFeeds(t: TestApp): Promise<Record<string, FeedOutcome>> {
  const output = (await t.app.jobs.run(NETWORK_FEEDS_JOB, {}, { timeoutMs: 30_000 })) as {
    feeds: FeedOutcome[];
  };
  return Object.fromEntries(output.feeds.map((o) => [o.name, o]));
}
