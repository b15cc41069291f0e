// The dry run of a draft filter: a job asks the platform how many orders the last 30 days
// hold (the total its progress counts against), then reads them, newest first, a page at a
// time (cursor pagination; each call with the platform client's time-out), runs the draft's
// match on each and stores its progress and the orders it would have caught, with the
// conditions that made it match and what the filter would have done there among the shop's filters
// (dry-run-verdict.ts), for the page to poll. It reads at most 5,000 orders and says so when
// the shop had more. A shop keeps its latest dry runs only: the older ones are removed when a
// new one starts. A dry run changes nothing on the platform.
import {
  describeDecider,
  evaluateMatch,
  matchReasons,
  prepareFacts,
  type CompiledMatch,
} from '@gatehouse/engine';
import type {
  AutoCancelDryRun,
  AutoCancelMode,
  DryRunResult,
  FilterMatchInput,
} from '@gatehouse/contracts';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import { orderOwner } from '../../orders/order-job.js';
import { PlatformError } from '../../core/platform/platform-client.js';
import { autoCancelDryRuns, type AutoCancelDryRunRow } from './auto-cancel-schema.js';
import { draftVerdict, placeDraft } from './dry-run-verdict.js';
import { compileOrRefuse } from './filters.js';
import { activeFilters } from './process-order.js';
import { countOrdersSince, factsOf, readOrdersPage } from './order-facts.js';

export const DRY_RUN_JOB = 'auto-cancel-dry-run';
export const DRY_RUN_DAYS = 30;
export const DRY_RUN_MAX_ORDERS = 5_000;
/** Dry runs a shop keeps. */
const KEPT_DRY_RUNS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DryRunJobData {
  dryRunId: string;
  /** The saved filter the draft is of (null: a new one) and its mode; absent in older jobs. */
  filterId?: string | null;
  mode?: AutoCancelMode;
}

export function toDryRun(row: AutoCancelDryRunRow): AutoCancelDryRun {
  return {
    id: row.id,
    state: row.state,
    read: row.read,
    total: row.total,
    done: row.state === 'done' || row.state === 'failed',
    truncated: row.truncated,
    maxOrders: DRY_RUN_MAX_ORDERS,
    days: DRY_RUN_DAYS,
    error: row.error,
    results: row.results,
  };
}

/** Stores the draft and queues its job; a draft that does not compile is refused (400). */
export async function startDryRun(
  app: FastifyInstance,
  shopId: string,
  match: FilterMatchInput,
  placement: { filterId: string | null; mode: AutoCancelMode } = { filterId: null, mode: 'on' },
): Promise<string> {
  compileOrRefuse(match);
  const [row] = await app.db.insert(autoCancelDryRuns).values({ shopId, match }).returning();
  const kept = await app.db
    .select({ id: autoCancelDryRuns.id })
    .from(autoCancelDryRuns)
    .where(eq(autoCancelDryRuns.shopId, shopId))
    .orderBy(desc(autoCancelDryRuns.createdAt))
    .limit(KEPT_DRY_RUNS);
  await app.db.delete(autoCancelDryRuns).where(
    and(
      eq(autoCancelDryRuns.shopId, shopId),
      notInArray(
        autoCancelDryRuns.id,
        kept.map((k) => k.id),
      ),
    ),
  );
  const data: DryRunJobData = { dryRunId: row!.id, ...placement };
  await app.jobs.send(DRY_RUN_JOB, data);
  return row!.id;
}

export function dryRunJob(app: FastifyInstance): JobDefinition<DryRunJobData> {
  return {
    name: DRY_RUN_JOB,
    // A failed read is reported to the merchant, who can start again: never run twice.
    retryLimit: 0,
    expireInSeconds: 30 * 60,
    concurrency: 1,
    async handle(job) {
      const [row] = await app.db
        .select()
        .from(autoCancelDryRuns)
        .where(eq(autoCancelDryRuns.id, job.data.dryRunId));
      if (!row || row.state !== 'queued') return { note: 'Nothing to run.' };
      const update = (values: Partial<AutoCancelDryRunRow>) =>
        app.db
          .update(autoCancelDryRuns)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(autoCancelDryRuns.id, row.id));
      try {
        await update({ state: 'running' });
        const outcome = await readAndMatch(app, row, job.data, update);
        await update({ state: 'done', ...outcome });
        return { read: outcome.read, caught: outcome.results.length };
      } catch (error) {
        const message =
          error instanceof PlatformError
            ? error.messageFor('read the shop’s orders')
            : 'Gatehouse could not read the shop’s orders.';
        app.log.error({ err: error, dryRunId: row.id }, 'a dry run failed');
        await update({ state: 'failed', error: message });
        return { failed: message };
      }
    },
  };
}

async function readAndMatch(
  app: FastifyInstance,
  row: AutoCancelDryRunRow,
  placement: DryRunJobData,
  progress: (values: Partial<AutoCancelDryRunRow>) => Promise<unknown>,
) {
  const found = await orderOwner(app, row.shopId);
  if (!found) throw new Error('Gatehouse is not installed on the shop.');
  const { owner } = found;
  const match: CompiledMatch = compileOrRefuse(row.match);
  const list = placeDraft(await activeFilters(app, row.shopId), {
    filterId: placement.filterId ?? null,
    mode: placement.mode ?? 'on',
    compiled: match,
  });
  const since = new Date(Date.now() - DRY_RUN_DAYS * DAY_MS);
  // How many orders the period holds, for the progress ("N of M orders read").
  await progress({ total: await countOrdersSince(app, owner, since) });
  const results: DryRunResult[] = [];
  let read = 0;
  let cursor: string | null = null;
  let truncated = false;
  for (;;) {
    const page = await readOrdersPage(app, owner, since, cursor);
    for (const node of page.nodes) {
      if (read >= DRY_RUN_MAX_ORDERS) {
        truncated = true;
        break;
      }
      read++;
      const facts = prepareFacts(await factsOf(app, node));
      const verdict = evaluateMatch(match, facts);
      const decided = verdict.matched ? describeDecider(match, verdict.decidedBy) : null;
      if (!decided) continue;
      results.push({
        orderId: node.legacyResourceId,
        orderName: node.name,
        orderUrl: app.platform.platformUrl(owner.domain, `/admin/orders/${node.legacyResourceId}`),
        createdAt: node.createdAt,
        total: Number(node.totalPriceSet.shopMoney.amount),
        currency: node.totalPriceSet.shopMoney.currencyCode,
        decidedBy: decided,
        matchedBy: matchReasons(match, facts),
        ...draftVerdict(list, facts, node.cancelledAt !== null),
      });
    }
    await progress({ read, results });
    if (truncated || !page.hasNextPage || page.endCursor === null) break;
    if (read >= DRY_RUN_MAX_ORDERS) {
      truncated = true;
      break;
    }
    cursor = page.endCursor;
  }
  return { read, results, truncated };
}
