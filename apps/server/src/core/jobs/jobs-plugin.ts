// The job queue as app.jobs. Features define their queues while the app is built; the queue
// starts when the app is ready. Closing: the workers stop first (before the other plugins'
// preClose work, which may still send jobs) and wait a bounded time for running jobs; the
// queue itself stops in onClose, which runs before the database plugin closes the database.
import fp from 'fastify-plugin';
import type { PGliteLike } from 'pg-boss';
import { createJobQueue, type JobQueue } from './job-queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export const jobsPlugin = fp(
  async (app) => {
    const { config } = app;
    const database =
      app.dbKind === 'postgres' && config.databaseUrl
        ? { url: config.databaseUrl }
        : // The PGlite worker's client offers PGlite's query and exec (see db/client.ts).
          { pglite: (app.db as unknown as { $client: PGliteLike }).$client };
    const jobs = createJobQueue({
      database,
      log: app.log.child({ module: 'jobs' }),
      pollIntervalSeconds: config.jobs.pollIntervalSeconds,
      superviseIntervalSeconds: config.jobs.superviseIntervalSeconds,
      stopTimeoutMs: config.jobs.stopTimeoutMs,
      schedules: config.jobs.schedules,
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => jobs.start());
    app.addHook('preClose', async () => jobs.stopWorking());
    app.addHook('onClose', async () => {
      try {
        await jobs.stop();
      } catch (error) {
        app.log.error({ err: error }, 'the job queue did not stop cleanly');
      }
    });
  },
  { name: 'jobs', dependencies: ['config', 'db'] },
);
