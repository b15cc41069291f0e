// The embed watch on the job queue: the per-shop check and the scheduled sweep.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { embedCheckJob, embedSweepJob } from './embed-watch-jobs.js';

export const extensionsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.jobs.define(embedCheckJob(app));
    await app.jobs.define(embedSweepJob(app));
  },
  { name: 'extensions', dependencies: ['db', 'jobs', 'platform'] },
);
