// Visitor logs, IP lookup and the dashboard chart (issue 6). The plugin (at the app's root):
// the retention job, which starts with the app and stops (waiting for a running purge) before
// the database closes; `app.visitorLogs.retention` lets tests run a purge. The routes are
// registered where the admin's routes are.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerIpLookupRoutes } from '../ip-lookup/routes.js';
import { createRetentionJob, type RetentionJob } from './retention.js';
import { registerVisitorLogRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    visitorLogs: { retention: RetentionJob };
  }
}

export const visitorLogsPlugin = fp(
  async (app) => {
    const retention = createRetentionJob({
      db: app.db,
      log: app.log,
      intervalMs: app.config.protection.visitPurgeIntervalMs,
    });
    app.decorate('visitorLogs', { retention });
    app.addHook('onReady', async () => retention.start());
    app.addHook('preClose', async () => retention.stop());
  },
  { name: 'visitor-logs', dependencies: ['db', 'auth', 'protection'] },
);

export async function visitorLogRoutes(app: FastifyInstance): Promise<void> {
  registerVisitorLogRoutes(app, app.protection);
  registerIpLookupRoutes(app);
}
