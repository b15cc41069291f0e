// The queue of the crash test, the same on the instance that dies and the one that survives:
// a job active for longer than 2 s counts as lost and is retried (once).
import type { JobDefinition, JobRun } from '../../src/core/jobs/job-queue.js';

export const CRASH_QUEUE = 'test-crash';

export interface CrashData {
  from: string;
}

export function crashQueue(
  handle: (job: JobRun<CrashData>) => Promise<unknown>,
): JobDefinition<CrashData> {
  return { name: CRASH_QUEUE, expireInSeconds: 2, retryLimit: 1, handle };
}
