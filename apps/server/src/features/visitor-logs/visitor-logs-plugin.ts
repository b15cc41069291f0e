// Visitor logs, IP lookup and the dashboard chart. The plugin (at the app's root) defines the
// retention job (purge and weekly partitions) on the job queue and sends one pass when the app
// is ready. The routes are registered where the admin's routes are.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerIpLookupRoutes } from '../ip-lookup/routes.js';
import { visitRetentionJob } from './retention.js';
import { registerVisitorLogRoutes } from './routes.js';

export const visitorLogsPlugin = fp(
  async (app) => {
    const retention = visitRetentionJob({
      db: app.db,
      log: app.log,
      schedule: app.config.protection.visitPurgeSchedule,
    });
    await app.jobs.define(retention);
    // After the job queue's own onReady (registered first), so the queue is started.
    app.addHook('onReady', async () => {
      await retention.sendAtStart(app.jobs);
    });
  },
  { name: 'visitor-logs', dependencies: ['db', 'auth', 'protection', 'jobs'] },
);

export async function visitorLogRoutes(app: FastifyInstance): Promise<void> {
  registerVisitorLogRoutes(app, app.protection);
  registerIpLookupRoutes(app);
}
