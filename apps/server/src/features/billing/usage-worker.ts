// Posts queued usage charges to the platform (appUsageRecordCreate). The usage_charges rows
// are the queue: a worker claims due pending rows with one UPDATE … RETURNING that also
// pushes their next_attempt_at out (a lease), so two workers never post the same row at
// once and a crashed one's rows come back on their own. The platform's idempotency key
// makes a repeated post harmless. Failures retry with exponential backoff; a charge past the
// period's cap ("exceeds balance remaining") is marked capped and never retried.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { subscriptions, usageCharges, type UsageChargeRow } from '../../db/billing-schema.js';
import type { BillingApi } from '../../platform/billing-api.js';
import { UserErrorsError } from '../../platform/billing-api.js';
import type { ShopTokens } from '../../plugins/platform.js';

const LEASE_MS = 60_000;
const BATCH = 20;
export const MAX_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

export interface UsageWorker {
  /** Claims and posts every due charge once; answers how many were handled. */
  runOnce(): Promise<number>;
  /** Asks for a run soon (after new charges were queued). */
  nudge(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createUsageWorker(deps: {
  db: Database;
  billing: BillingApi;
  tokens: ShopTokens;
  log: FastifyBaseLogger;
  intervalMs: number;
  retryBaseMs: number;
}): UsageWorker {
  const { db, log } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  /** Rows due at `dueBy` (the database's time); claimed with a lease from the real clock. */
  async function claim(dueBy: string): Promise<UsageChargeRow[]> {
    const now = new Date();
    const result = await db.execute<Record<string, unknown>>(sql`
      UPDATE usage_charges SET
        attempts = attempts + 1,
        next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
      WHERE id IN (
        SELECT id FROM usage_charges
        WHERE status = 'pending' AND next_attempt_at <= ${dueBy}::timestamptz
        ORDER BY created_at
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const rows = await Promise.all(
      ids.map((id) => db.select().from(usageCharges).where(eq(usageCharges.id, id))),
    );
    return rows.flatMap((r) => r);
  }

  async function post(charge: UsageChargeRow): Promise<void> {
    const now = new Date();
    const done = (set: Partial<UsageChargeRow>) =>
      db
        .update(usageCharges)
        .set({ ...set, updatedAt: now })
        .where(eq(usageCharges.id, charge.id));
    try {
      const [sub] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, charge.subscriptionId));
      const owner = await deps.tokens.forShopId(charge.shopId);
      if (!sub?.usageLineItemId) throw new Error('The subscription has no usage line item');
      if (!owner?.token) throw new Error('The shop has no access token (uninstalled?)');
      const recordId = await deps.billing.createUsageRecord(owner.shop.domain, owner.token, {
        lineItemId: sub.usageLineItemId,
        description: `${charge.viewsCovered.toLocaleString('en-US')} protected page views`,
        amount: charge.amountCents / 100,
        idempotencyKey: charge.idempotencyKey,
      });
      await done({ status: 'posted', postedAt: now, platformRecordId: recordId, lastError: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof UserErrorsError && /exceeds balance remaining/i.test(message)) {
        log.warn({ chargeId: charge.id, key: charge.idempotencyKey }, 'usage charge over the cap');
        await done({ status: 'capped', lastError: message });
        return;
      }
      const giveUp = charge.attempts >= MAX_ATTEMPTS;
      const delay = Math.min(deps.retryBaseMs * 2 ** (charge.attempts - 1), MAX_BACKOFF_MS);
      log.error(
        { chargeId: charge.id, attempts: charge.attempts, err: message },
        'usage charge failed',
      );
      await done({
        status: giveUp ? 'failed' : 'pending',
        lastError: message.slice(0, 1000),
        nextAttemptAt: new Date(now.getTime() + delay),
      });
    }
  }

  async function drain(): Promise<number> {
    let handled = 0;
    // Only rows due when the run began: a row that just failed waits for its backoff. The
    // database's clock, to the microsecond, as rows are stamped by it (now()): a row written in
    // the same millisecond as the run starts is due.
    const result = await db.execute<{ now: string }>(sql`SELECT clock_timestamp()::text AS now`);
    const dueBy = (result as unknown as { rows: { now: string }[] }).rows[0]!.now;
    for (;;) {
      if (stopped) return handled;
      const batch = await claim(dueBy);
      if (batch.length === 0) return handled;
      for (const charge of batch) await post(charge);
      handled += batch.length;
    }
  }

  function runOnce(): Promise<number> {
    // One run at a time per process; a second caller shares it and then runs again.
    const previous = running ?? Promise.resolve(0);
    const next = previous.then(drain, drain).finally(() => {
      if (running === next) running = null;
    });
    running = next;
    return next;
  }

  const tick = () => {
    runOnce().catch((error: unknown) => log.error({ err: error }, 'usage worker run failed'));
  };

  return {
    runOnce,
    nudge() {
      if (!stopped && deps.intervalMs > 0) setImmediate(tick);
    },
    start() {
      if (deps.intervalMs > 0 && !timer) {
        timer = setInterval(tick, deps.intervalMs);
        timer.unref();
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
}
