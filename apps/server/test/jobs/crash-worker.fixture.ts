// A job-queue instance that dies mid-job: it defines the queue, sends one job, reports
// "started <id>" when its handler has the job, and never finishes it. The test kills the
// process there, as a crash or a lost machine would.
import { pino } from 'pino';
import { createJobQueue } from '../../src/core/jobs/job-queue.js';
import { CRASH_QUEUE, crashQueue } from './crash-queue.js';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: crash-worker.fixture.ts <database url>');

const jobs = createJobQueue({
  database: { url: databaseUrl },
  log: pino({ level: 'silent' }),
  pollIntervalSeconds: 0.5,
  superviseIntervalSeconds: 1,
  stopTimeoutMs: 1000,
  schedules: false,
});
await jobs.define(
  crashQueue(async (job) => {
    process.stdout.write(`started ${job.id}\n`);
    // Never settles: the job stays active until this process is killed.
    await new Promise(() => {});
  }),
);
await jobs.start();
await jobs.send(CRASH_QUEUE, { from: 'the crashing instance' });
