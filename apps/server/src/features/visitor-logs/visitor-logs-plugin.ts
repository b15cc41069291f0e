// The visitor log's services at the app's root: the visit queue every decision goes into
// (`app.visits`, written in batches and counted where the blockers of `app.blockers` say;
// started with the app, flushed before the database
// closes) and the retention job (purge and weekly partitions) on the job queue, with one pass
// sent when the app is ready. The protected page views each written batch holds are handed to
// `recordProtectedViews`, which the app layer takes from billing.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VisitBufferOptions } from './visit-buffer.js';
import { createVisitBuffer } from './visit-buffer.js';
import { visitRetentionJob } from './retention.js';

export interface VisitorLogsOptions {
  recordProtectedViews: VisitBufferOptions['recordProtectedViews'];
}

export const visitorLogsPlugin = fp<VisitorLogsOptions>(
  async (app: FastifyInstance, options) => {
    const { config } = app;
    const visits = createVisitBuffer({
      db: app.db,
      dbKind: app.dbKind,
      log: app.log,
      intervalMs: config.protection.visitFlushIntervalMs,
      batchSize: config.protection.visitFlushBatch,
      maxQueued: config.protection.visitBufferMax,
      blockers: app.blockers,
      recordProtectedViews: options.recordProtectedViews,
    });
    app.decorate('visits', visits);
    const retention = visitRetentionJob({
      db: app.db,
      log: app.log,
      schedule: config.protection.visitPurgeSchedule,
    });
    await app.jobs.define(retention);
    // After the job queue's own onReady (registered first), so the queue is started.
    app.addHook('onReady', async () => {
      visits.start();
      await retention.sendAtStart(app.jobs);
    });
    // Once the server has stopped taking requests and the ones in flight have been answered
    // (their visits queued too), and before the job queue and the database close (their hooks
    // were added first, so they run after this one): write what is queued.
    app.addHook('onClose', async () => {
      await visits.stop();
    });
  },
  { name: 'visitor-logs', dependencies: ['db', 'jobs', 'blockers'] },
);
