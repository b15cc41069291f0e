// Network classification for every decision: the curated networks table, the organisation
// rules and the stored feeds, built into one classifier handed to the geo lookup. A job
// (on the schedule, and at start when a feed is missing or stale) downloads the feeds into
// the database; every instance looks for new copies each `checkEveryMs` and rebuilds its
// classifier when one arrived. With no network the product runs on what it has: the table,
// the rules, the copies stored before; missing and stale feeds are logged by name. The firewall
// instances read the same copies from this server (feed-copies-route.ts).
import {
  buildNetworkClassifier,
  FEEDS,
  loadNetworkTable,
  type NetworkTableRow,
} from '@gatehouse/engine';
import fp from 'fastify-plugin';
import type { JobDefinition } from '../../core/jobs/job-definition.js';
import { feedCopiesRoute, FEEDS_CHANGED_CHANNEL } from './feed-copies-route.js';
import {
  loadStoredFeeds,
  refreshFeed,
  storedFeedsVersion,
  type FeedOutcome,
  type StoredFeeds,
} from './feed-store.js';

export const NETWORK_FEEDS_JOB = 'network-feeds-refresh';

export const networkFeedsPlugin = fp(
  async (app) => {
    const { db, log } = app;
    const config = app.config.networkFeeds;
    // The table ships with the code: a bad row is a bug to fix, so it stops the start.
    const table: NetworkTableRow[] = loadNetworkTable();
    let version: string | null = null;
    let rebuilding: Promise<void> | null = null;

    async function rebuild(reason: string): Promise<StoredFeeds> {
      const stored = await loadStoredFeeds(db, FEEDS, log);
      const classifier = buildNetworkClassifier(table, stored.index);
      await app.protection.geo.setClassifier(classifier);
      version = stored.version;
      log.info(
        {
          reason,
          networks: table.length,
          feeds: Object.entries(stored.ranges).map(([name, n]) => `${name} (${n})`),
          parsed: stored.parsed,
          missing: stored.missing,
          stale: stored.stale,
          indexKB: Math.round(classifier.bytes() / 1024),
        },
        'network classification ready',
      );
      if (stored.missing.length > 0 || stored.stale.length > 0) {
        log.warn(
          { missing: stored.missing, stale: stored.stale },
          'network feeds missing or stale: classification runs on the table, the rules and the copies it has',
        );
      }
      return stored;
    }

    const job: JobDefinition = {
      name: NETWORK_FEEDS_JOB,
      schedule: config.schedule,
      // The next occurrence tries again; each feed's failure is recorded, not thrown.
      retryLimit: 0,
      expireInSeconds: 15 * 60,
      async handle(): Promise<{ feeds: FeedOutcome[] }> {
        const outcomes: FeedOutcome[] = [];
        for (const feed of FEEDS) {
          outcomes.push(
            await refreshFeed(db, feed, config.urls[feed.name]!, config.timeoutMs, log),
          );
        }
        const failed = outcomes.filter((o) => o.result === 'failed');
        if (failed.length > 0) log.warn({ failed }, 'network feeds kept their last good copy');
        if (outcomes.some((o) => o.result === 'updated')) {
          await check('feeds refreshed');
          // The firewalls waiting on the copies (on any instance) read them again at once.
          await app.notify
            .publish(FEEDS_CHANGED_CHANNEL, 'updated')
            .catch((error: unknown) =>
              log.warn({ err: error }, 'could not tell the firewalls of new feed copies'),
            );
        }
        return { feeds: outcomes };
      },
    };
    await app.jobs.define(job);
    await feedCopiesRoute(app);

    async function check(reason: string): Promise<void> {
      // A rebuild under way may have read the copies before the one this check is for: wait
      // for it, then compare versions again.
      while (rebuilding) await rebuilding;
      rebuilding = (async () => {
        try {
          if ((await storedFeedsVersion(db)) !== version) await rebuild(reason);
          return;
        } catch (error) {
          log.error(
            { err: error },
            'network classification could not be rebuilt; keeping the last',
          );
        } finally {
          rebuilding = null;
        }
      })();
      return rebuilding;
    }

    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      // Not awaited: the geo data may still be loading, and the server starts without it.
      void rebuild('start')
        .then(async (stored) => {
          if (config.schedule && (stored.missing.length > 0 || stored.stale.length > 0)) {
            await app.jobs.send(
              NETWORK_FEEDS_JOB,
              {},
              { singletonKey: 'start', throttleSeconds: 300 },
            );
          }
        })
        .catch((error: unknown) =>
          log.error({ err: error }, 'network classification failed to start'),
        );
      timer = setInterval(
        () => void check('another instance stored new feeds'),
        config.checkEveryMs,
      );
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await rebuilding;
    });
  },
  { name: 'network-feeds', dependencies: ['db', 'jobs', 'decision', 'long-polls'] },
);
