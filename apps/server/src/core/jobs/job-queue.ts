// The server's background work queue: pg-boss on the app's own database, so any instance can
// take any job, a job runs once however many instances there are, and a job whose worker died
// is taken up again. On PostgreSQL pg-boss keeps a small pool of its own; on the embedded
// PGlite it goes through the PGlite worker's client (parameterised statements through `query`,
// several statements without parameters through `exec`). Features define their queues (handler,
// retries, an optional cron schedule) and send jobs; this module knows none of them.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  fromDrizzle,
  fromPglite,
  PgBoss,
  type ConstructorOptions,
  type DrizzleTransactionLike,
  type JobResult,
  type JobWithMetadata,
  type PGliteLike,
} from 'pg-boss';
import { ShopTokenDeadError } from '../platform/shop-token-dead.js';
import type { JobDefinition, JobQueue, JobRecord } from './job-definition.js';
import { JOB_SCHEMA } from './job-schema.js';

export type {
  JobDefinition,
  JobQueue,
  JobRecord,
  JobRun,
  SendOptions,
  SqlExecutor,
} from './job-definition.js';

export interface JobQueueOptions {
  /** A postgres:// URL, or the PGlite worker's client. */
  database: { url: string } | { pglite: PGliteLike };
  log: FastifyBaseLogger;
  /** How often an idle worker looks for jobs. */
  pollIntervalSeconds: number;
  /** How often this instance fails expired jobs, cleans finished ones and checks schedules. */
  superviseIntervalSeconds: number;
  /** How long stopping waits for running jobs. */
  stopTimeoutMs: number;
  /** Whether this instance sends the jobs of the queues' schedules when they come due. */
  schedules: boolean;
}

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { log } = options;
  const embedded = 'pglite' in options.database;
  const common: ConstructorOptions = {
    schema: JOB_SCHEMA,
    superviseIntervalSeconds: options.superviseIntervalSeconds,
    schedule: options.schedules,
    monitorIntervalSeconds: options.superviseIntervalSeconds,
    registerInstance: false,
    openTelemetry: { enabled: false },
    // PGlite runs no autovacuum and cannot rebuild indexes concurrently: nothing to watch there.
    monitorVacuum: !embedded,
    reindex: !embedded,
  };
  const boss =
    'pglite' in options.database
      ? new PgBoss({ ...common, db: fromPglite(options.database.pglite), backend: 'pglite' })
      : new PgBoss({
          ...common,
          connectionString: options.database.url,
          max: 4,
          application_name: 'gatehouse-jobs',
        });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ data: warning.data }, warning.message));

  const definitions = new Map<string, JobDefinition<object>>();
  /** The local workers of each queue, woken when this instance sends it a job. */
  const workers = new Map<string, string[]>();
  let started = false;
  let stopping = false;

  async function setUp(definition: JobDefinition<object>): Promise<void> {
    const queue = {
      retryLimit: definition.retryLimit ?? 2,
      retryDelay: definition.retryDelaySeconds ?? 0,
      retryBackoff: definition.retryBackoff ?? false,
      ...(definition.retryBackoff && definition.retryDelayMaxSeconds
        ? { retryDelayMax: definition.retryDelayMaxSeconds }
        : {}),
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    };
    const heartbeatSeconds = definition.heartbeatSeconds ?? null;
    // Created once; later starts bring its settings up to date (a release may change them).
    if (await boss.getQueue(definition.name))
      await boss.updateQueue(definition.name, { ...queue, heartbeatSeconds });
    else
      await boss.createQueue(definition.name, {
        ...queue,
        ...(heartbeatSeconds === null ? {} : { heartbeatSeconds }),
        policy: definition.policy ?? 'standard',
      });
    if (definition.schedule) await boss.schedule(definition.name, definition.schedule);
    else await boss.unschedule(definition.name);
    const batchSize = definition.batchSize ?? 1;
    // One pg-boss worker per unit of concurrency, each knowing its own id: a worker waits the
    // poll interval after every fetch (at a batch size of 1 pg-boss never bursts), so a
    // backlog would drain at one batch per interval. A worker whose fetch came back full wakes
    // itself instead, and keeps fetching while jobs are waiting; an empty fetch polls again.
    const ids: string[] = [];
    for (let n = 0; n < (definition.concurrency ?? 1); n += 1) {
      // The worker's id is known once boss.work resolves; a first batch that came back full
      // before that wakes the worker as soon as the id is there.
      let own = '';
      let wakeWhenKnown = false;
      own = await boss.work<object>(
        definition.name,
        {
          includeMetadata: true,
          perJobResults: true,
          batchSize,
          pollingIntervalSeconds: options.pollIntervalSeconds,
          localConcurrency: 1,
        },
        async (jobs) => {
          const results: JobResult[] = [];
          // includeMetadata: every job carries its retry limit.
          for (const job of jobs as JobWithMetadata<object>[]) {
            results.push(await runOne(definition, job));
          }
          if (jobs.length >= batchSize && !stopping) {
            if (own) boss.notifyWorker(own);
            else wakeWhenKnown = true;
          }
          return results;
        },
      );
      if (wakeWhenKnown && !stopping) boss.notifyWorker(own);
      ids.push(own);
    }
    workers.set(definition.name, ids);
  }

  /** Runs one job; each job of a batch succeeds or fails (and is retried) on its own. */
  async function runOne(
    definition: JobDefinition<object>,
    job: JobWithMetadata<object>,
  ): Promise<JobResult> {
    try {
      const output: unknown = await definition.handle({
        id: job.id,
        data: job.data ?? {},
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        signal: job.signal,
      });
      return { id: job.id, status: 'completed', output };
    } catch (error) {
      // A shop whose token is dead fails every attempt the same way until the merchant signs
      // in again: the job ends here, saying so, instead of retrying against it.
      if (error instanceof ShopTokenDeadError) {
        log.warn(
          { queue: definition.name, jobId: job.id, shop: error.shop, reason: error.detail },
          'job ended: the shop must reconnect Gatehouse to Shopify',
        );
        return { id: job.id, status: 'completed', output: { ended: error.message } };
      }
      const last = job.retryCount >= job.retryLimit;
      log[last ? 'error' : 'warn'](
        { err: error, queue: definition.name, jobId: job.id, retryCount: job.retryCount },
        last ? 'job failed for good' : 'job failed; it will be retried',
      );
      const message = error instanceof Error ? error.message : String(error);
      return { id: job.id, status: 'failed', output: { message } };
    }
  }

  async function find(name: string, id: string): Promise<JobRecord | null> {
    const [job] = await boss.findJobs<object>(name, { id });
    if (!job) return null;
    return {
      id: job.id,
      state: job.state,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      startedOn: job.startedOn ?? null,
      startAfter: job.startAfter,
      output: job.output,
    };
  }

  const queue: JobQueue = {
    async define(definition) {
      if (definitions.has(definition.name)) {
        throw new Error(`The job queue ${definition.name} is defined twice`);
      }
      const stored = definition as unknown as JobDefinition<object>;
      definitions.set(definition.name, stored);
      if (started) await setUp(stored);
    },

    async send(name, data = {}, sendOptions = {}) {
      if (!started) throw new Error(`The job queue is not started: cannot send ${name}`);
      const id = await boss.send(name, data, {
        ...(sendOptions.tx
          ? { db: fromDrizzle(sendOptions.tx as DrizzleTransactionLike, sql) }
          : {}),
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.throttleSeconds ? { singletonSeconds: sendOptions.throttleSeconds } : {}),
      });
      // This instance takes it at once if it works that queue (after the commit, when in a
      // transaction: until then its next poll finds nothing, and the following one takes it).
      // Every worker of the queue: one of them may be busy with a long job.
      if (id && !sendOptions.startAfter) {
        for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      }
      return id;
    },

    async run(name, data = {}, { timeoutMs = 30_000, ...sendOptions } = {}) {
      const id = await queue.send(name, data, sendOptions);
      if (!id) throw new Error(`The job queue refused a ${name} job`);
      const deadline = Date.now() + timeoutMs;
      for (let wait = 10; ; wait = Math.min(wait * 2, 250)) {
        const job = await find(name, id);
        if (job && FINISHED.has(job.state)) {
          if (job.state === 'completed') return job.output;
          throw new Error(`The ${name} job ${job.state}: ${JSON.stringify(job.output)}`);
        }
        if (Date.now() > deadline)
          throw new Error(`The ${name} job did not finish in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },

    find,

    async openJobs(name, data) {
      const now = Date.now();
      const jobs = await boss.findJobs<object>(name, { data, limit: 100 });
      return jobs.filter(
        (job) =>
          job.state === 'active' ||
          job.state === 'retry' ||
          (job.state === 'created' && job.startAfter.getTime() <= now),
      ).length;
    },

    async hurry(name, id) {
      if (!started) throw new Error(`The job queue is not started: cannot hurry ${name}`);
      const { updated } = await boss.update(name, undefined, { id, startAfter: new Date() });
      if (updated === 0) return false;
      for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      return true;
    },

    async start() {
      if (started) return;
      await boss.start();
      started = true;
      for (const definition of definitions.values()) await setUp(definition);
    },

    async stopWorking() {
      if (!started || stopping) return;
      stopping = true;
      const names = [...workers.keys()];
      workers.clear();
      await withDeadline(
        Promise.all(names.map((name) => boss.offWork(name, { wait: true }))),
        options.stopTimeoutMs,
        () => log.warn({ queues: names }, 'jobs still running when the queue stopped'),
      );
    },

    async stop() {
      if (!started) return;
      await queue.stopWorking();
      started = false;
      // A job still running now is failed here and retried by whichever instance is up next.
      await boss.stop({ graceful: true, close: true, timeout: options.stopTimeoutMs });
    },
  };
  return queue;
}

async function withDeadline(work: Promise<unknown>, ms: number, onLate: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      onLate();
      resolve();
    }, ms);
  });
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
