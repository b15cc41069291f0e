// The order-action log's daily purge: entries older than the log's retention that are over
// (done, failed, skipped, monitored) are deleted, and with them what a feature keeps about the
// log's orders for as long (Fraud Protect's risk notes), handed in by the app layer. The job's
// output counts what each removed.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../core/db/client.js';
import { ORDER_LOG_RETENTION_DAYS, purgeActions } from './order-actions.js';

export const ORDER_LOG_PURGE_JOB = 'order-actions-purge';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes a feature's own rows about orders older than the cutoff; answers how many. */
export type OrderDataPurge = (db: Database, before: Date) => Promise<number>;

export interface OrderLogPurgeOptions {
  /** Each purge by the name its count has in the job's output (`riskNotesPurged`). */
  alsoPurge: Record<string, OrderDataPurge>;
}

export async function orderLogPurge(
  app: FastifyInstance,
  { alsoPurge }: OrderLogPurgeOptions,
): Promise<void> {
  await app.jobs.define({
    name: ORDER_LOG_PURGE_JOB,
    schedule: '41 3 * * *',
    retryLimit: 1,
    handle: async () => {
      const before = new Date(Date.now() - ORDER_LOG_RETENTION_DAYS * DAY_MS);
      const output: Record<string, number> = { purged: await purgeActions(app.db, before) };
      for (const [name, purge] of Object.entries(alsoPurge)) {
        output[name] = await purge(app.db, before);
      }
      return output;
    },
  });
}
