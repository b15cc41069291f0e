// What the job queue's users see: a queue's definition (handler, retries, schedule), the run a
// handler receives, a stored job's record, and the queue itself (job-queue.ts builds it).
import type { SQL } from 'drizzle-orm';

/** What a handler receives: the job's data and which attempt this is. */
export interface JobRun<T> {
  id: string;
  data: T;
  /** 0 on the first attempt, 1 on the first retry… */
  retryCount: number;
  /** Retries allowed after the first attempt: the last attempt has retryCount === retryLimit. */
  retryLimit: number;
  /** Aborted when the queue stops while the job is still running. */
  signal: AbortSignal;
}

export interface JobDefinition<T extends object = Record<string, never>> {
  /** The queue's name: lower-case words joined by dashes. */
  name: string;
  /** Runs one job; a throw fails this attempt (retried while retries remain). Returns the output kept on the job. */
  handle: (job: JobRun<T>) => Promise<unknown>;
  /** Retries after a failed attempt (default 2). */
  retryLimit?: number;
  /** Seconds before the first retry (default 0); with backoff doubled per retry, with jitter. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** The longest retry delay with backoff, in seconds. */
  retryDelayMaxSeconds?: number;
  /** A job still running after this long counts as failed, and is retried (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * Seconds (at least 10): a running job's worker says it is alive twice as often, and a job
   * not heard of for this long (its process died) is retried at the next supervise pass,
   * instead of waiting out expireInSeconds. Unset: only expireInSeconds hands a job back.
   */
  heartbeatSeconds?: number;
  /**
   * `exclusive`: at most one job per singletonKey waiting or running (a second send with the
   * key answers null). Set when the queue is created; `standard` (the default) otherwise.
   */
  policy?: 'standard' | 'exclusive';
  /** Jobs one worker fetches at once and runs one after the other (default 1). */
  batchSize?: number;
  /** Workers (batches) one instance runs at the same time (default 1). */
  concurrency?: number;
  /** A cron expression (UTC): one job per occurrence across all instances. Null: none. */
  schedule?: string | null;
}

/** A job as the queue stores it: where it stands and what its last attempt gave. */
export interface JobRecord {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  retryLimit: number;
  /** When the last attempt started (null before the first). */
  startedOn: Date | null;
  /** Not taken before this time: after a failure, when the retry is due. */
  startAfter: Date;
  output: unknown;
}

/** A drizzle transaction (or database): a job sent through it commits or rolls back with it. */
export interface SqlExecutor {
  execute: (query: SQL) => PromiseLike<unknown>;
}

export interface SendOptions {
  /** Sent inside this transaction: the job exists only if the transaction commits. */
  tx?: SqlExecutor;
  /** The job's id (a UUID), when the sender records it beside its own row. */
  id?: string;
  /** Not before this time. */
  startAfter?: Date;
  /** With throttleSeconds: at most one job with this key per that many seconds. */
  singletonKey?: string;
  throttleSeconds?: number;
}

export interface JobQueue {
  /** Adds a queue; before start() it is set up at start, after it at once. */
  define<T extends object>(definition: JobDefinition<T>): Promise<void>;
  /** Queues a job; answers its id (null when a throttle already holds one). */
  send(name: string, data?: object, options?: SendOptions): Promise<string | null>;
  /** Sends a job and waits (at most timeoutMs, 30 s by default) for it to complete; answers its output, or throws its failure. */
  run(
    name: string,
    data?: object,
    options?: SendOptions & { timeoutMs?: number },
  ): Promise<unknown>;
  /** One job as stored, or null. */
  find(name: string, id: string): Promise<JobRecord | null>;
  /**
   * How many jobs of the queue whose data holds `data` are running, retrying or due to run
   * (a job queued for a later time, such as a takeover, is not counted until it is due).
   */
  openJobs(name: string, data: object): Promise<number>;
  /**
   * Brings a waiting job's next attempt (its first, or a retry) forward to now, keeping its
   * count of attempts; false when it is not waiting (running, finished or gone).
   */
  hurry(name: string, id: string): Promise<boolean>;
  /** Installs or updates the queue's tables, creates the queues and starts working them. */
  start(): Promise<void>;
  /** Stops taking new jobs and waits (at most stopTimeoutMs) for the running ones. */
  stopWorking(): Promise<void>;
  /** Stops everything; jobs still running are failed, so they are retried later. */
  stop(): Promise<void>;
}
