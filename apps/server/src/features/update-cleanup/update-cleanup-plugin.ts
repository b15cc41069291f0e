// The update clean-up on the job queue: its per-shop job and its sweep, one sweep sent when the
// app is ready (after the queue's own start, registered before this plugin).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { updateCleanupJob, updateCleanupSweepJob } from './update-cleanup-jobs.js';

export const updateCleanupPlugin = fp(
  async (app: FastifyInstance) => {
    const sweep = updateCleanupSweepJob(app);
    await app.jobs.define(updateCleanupJob(app));
    await app.jobs.define(sweep);
    app.addHook('onReady', async () => {
      await sweep.sendAtStart();
    });
  },
  { name: 'update-cleanup', dependencies: ['db', 'jobs', 'platform'] },
);
