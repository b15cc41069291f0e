// Sends the posting job of every pending usage charge that has none: charges queued before
// their jobs existed (an upgrade from the table-only queue) or whose job the queue dropped.
// The usage-charge queue keeps one job per charge waiting or running (its singletonKey), so a
// charge whose job is waiting, running or in backoff gets no second one. Scheduled hourly, and
// once when an instance starts. A shop whose token is dead is left out until it reconnects: its
// charges wait, pending, rather than failing against the dead token every hour.
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { usageCharges } from './billing-schema.js';
import { shops } from '../../core/db/schema.js';
import type { JobDefinition, JobQueue } from '../../core/jobs/job-queue.js';
import { USAGE_CHARGE_JOB } from './usage-charge-job.js';

export const USAGE_CHARGE_SWEEP_JOB = 'usage-charge-sweep';

export function usageChargeSweepJob(deps: { db: Database; jobs: JobQueue }): JobDefinition {
  return {
    name: USAGE_CHARGE_SWEEP_JOB,
    schedule: '17 * * * *',
    retryLimit: 0,
    async handle() {
      const pending = await deps.db
        .select({ id: usageCharges.id })
        .from(usageCharges)
        .innerJoin(shops, eq(shops.id, usageCharges.shopId))
        .where(and(eq(usageCharges.status, 'pending'), ne(shops.tokenState, 'dead')));
      let sent = 0;
      for (const { id } of pending) {
        const job = await deps.jobs.send(USAGE_CHARGE_JOB, { chargeId: id }, { singletonKey: id });
        if (job) sent++;
      }
      return { pending: pending.length, sent };
    },
  };
}
