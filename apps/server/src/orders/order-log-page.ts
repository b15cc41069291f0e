// The order log as the merchant reads it: one line per order, whatever was done to it. A page
// holds whole orders, newest first (by when the order first entered the log), and every entry
// of each, in a fixed order: the check, then what each feature did (cancel, tag, block the IP,
// list the email). A waiting entry says which attempt of its job comes next, of how many, and
// when: read from the job itself, so the log and the retries never disagree.
import { and, countDistinct, desc, eq, inArray, min, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderActionEntry } from '@gatehouse/contracts';
import type { Database } from '../core/db/client.js';
import {
  orderActions,
  type OrderActionFeature,
  type OrderActionRow,
} from './order-actions-schema.js';
import { orderJobName } from './order-job-name.js';

const ACTION_ORDER: OrderActionRow['action'][] = [
  'check',
  'cancel',
  'tag',
  'block-ip',
  'block-email',
];

/** The shop's entries, or one feature's when named. */
const ofShop = (shopId: string, feature: OrderActionFeature | undefined): SQL | undefined =>
  feature
    ? and(eq(orderActions.shopId, shopId), eq(orderActions.feature, feature))
    : eq(orderActions.shopId, shopId);

/** Entries of one order side by side: by feature, then by when decided, then by action. */
function byEntryOrder(a: OrderActionRow, b: OrderActionRow): number {
  if (a.feature !== b.feature) return a.feature === 'fraud-protect' ? -1 : 1;
  const decided = a.createdAt.getTime() - b.createdAt.getTime();
  if (decided !== 0) return decided;
  return ACTION_ORDER.indexOf(a.action) - ACTION_ORDER.indexOf(b.action);
}

/** A page of the shop's log, `pageSize` orders at a time, with every entry of those orders. */
export async function readOrderLogPage(
  db: Database,
  shopId: string,
  feature: OrderActionFeature | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: OrderActionRow[]; total: number }> {
  const where = ofShop(shopId, feature);
  const first = min(orderActions.createdAt);
  const [orders, [total]] = await Promise.all([
    db
      .select({ orderId: orderActions.orderId })
      .from(orderActions)
      .where(where)
      .groupBy(orderActions.orderId)
      .orderBy(desc(first), desc(orderActions.orderId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: countDistinct(orderActions.orderId) })
      .from(orderActions)
      .where(where),
  ]);
  const ids = orders.map((o) => o.orderId);
  if (ids.length === 0) return { rows: [], total: Number(total?.n ?? 0) };
  const rows = await db
    .select()
    .from(orderActions)
    .where(and(where, inArray(orderActions.orderId, ids)));
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort(
    (a, b) => (position.get(a.orderId) ?? 0) - (position.get(b.orderId) ?? 0) || byEntryOrder(a, b),
  );
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * The next attempt of a waiting entry's job: its number (the attempts made, and one), of how
 * many the job makes, and when (null: it is under way, or due now). Null when the entry is not
 * waiting or its job is no longer queued.
 */
export async function nextAttemptOf(
  app: FastifyInstance,
  row: Pick<OrderActionRow, 'status' | 'jobId' | 'feature'>,
  now = Date.now(),
): Promise<OrderActionEntry['nextAttempt']> {
  if (row.status !== 'pending' || !row.jobId) return null;
  const job = await app.jobs.find(orderJobName(row.feature), row.jobId);
  if (!job) return null;
  const of = job.retryLimit + 1;
  if (job.state === 'active') return { attempt: job.retryCount + 1, of, at: null };
  if (job.state !== 'created' && job.state !== 'retry') return null;
  // A job's retry count counts the retries started; a job never started makes its first.
  const attempt = job.startedOn ? job.retryCount + 2 : 1;
  const at = job.startAfter.getTime() > now ? job.startAfter.toISOString() : null;
  return { attempt, of, at };
}
