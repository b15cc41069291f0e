// What the dry run says while it reads and when it is done: how far it got, and how many
// orders it read and would have caught, honestly (a partial read says so).
import type { AutoCancelDryRun } from '@gatehouse/contracts';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** How many orders the run will read: those there are, up to the most it reads. */
const toRead = (run: Pick<AutoCancelDryRun, 'total' | 'maxOrders'>) =>
  run.total === null ? run.maxOrders : Math.min(run.total, run.maxOrders);

/** 0–100: orders read of those it will read, or of the most it reads when the total is unknown. */
export function dryRunProgress(
  run: Pick<AutoCancelDryRun, 'read' | 'total' | 'maxOrders' | 'done'>,
): number {
  if (run.done) return 100;
  const of = toRead(run);
  if (of <= 0) return 0;
  return Math.min(99, Math.round((run.read / of) * 100));
}

/** While it reads: "N of M orders read", and how many the store has when it reads only some. */
export function dryRunReading(
  run: Pick<AutoCancelDryRun, 'read' | 'total' | 'maxOrders' | 'days'>,
): string {
  if (run.total === null) return 'Counting your orders…';
  const of = toRead(run);
  const reading = `Reading orders… ${run.read.toLocaleString('en-US')} of ${count(of, 'order', 'orders')} read`;
  return run.total > run.maxOrders
    ? `${reading} (the newest of the ${run.total.toLocaleString('en-US')} of the last ${count(run.days, 'day', 'days')}).`
    : `${reading}.`;
}

export function dryRunSummary(
  run: Pick<AutoCancelDryRun, 'read' | 'results' | 'truncated' | 'maxOrders' | 'days'>,
): string {
  const read = `Read ${count(run.read, 'order', 'orders')} of the last ${count(run.days, 'day', 'days')}`;
  const limit = run.truncated
    ? ` (the newest ${run.maxOrders.toLocaleString('en-US')}: your store had more, and older ones were not read)`
    : '';
  const caught = run.results.length;
  const verdict =
    caught === 0
      ? 'none would have been caught.'
      : `${count(caught, 'order would have been caught', 'orders would have been caught')}:`;
  return `${read}${limit}; ${verdict}`;
}
