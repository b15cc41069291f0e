// The visitor log's services at the app's root: the visit queue every decision goes into
// (`app.visits`, written in batches; started with the app, flushed before the database
// closes) and the retention job (`app.visitorLogs.retention`, which tests run by hand). The
// protected page views each written batch holds are handed to `recordProtectedViews`, which
// the app layer takes from billing.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VisitBufferOptions } from './visit-buffer.js';
import { createVisitBuffer } from './visit-buffer.js';
import { createRetentionJob, type RetentionJob } from './retention.js';

declare module 'fastify' {
  interface FastifyInstance {
    visitorLogs: { retention: RetentionJob };
  }
}

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
      recordProtectedViews: options.recordProtectedViews,
    });
    app.decorate('visits', visits);
    const retention = createRetentionJob({
      db: app.db,
      log: app.log,
      intervalMs: config.protection.visitPurgeIntervalMs,
    });
    app.decorate('visitorLogs', { retention });
    app.addHook('onReady', async () => {
      visits.start();
      retention.start();
    });
    // Once the server has stopped taking requests and the ones in flight have been answered
    // (their visits queued too), and before the database closes (its hook was added first, so
    // it runs after this one): write what is queued, wait for a running purge.
    app.addHook('onClose', async () => {
      await visits.stop();
      await retention.stop();
    });
  },
  { name: 'visitor-logs', dependencies: ['db'] },
);
