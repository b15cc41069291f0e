// Writes what Gatehouse found about a new order into the order's risk on the platform, once:
// orders/create queues the job for a shop whose plan has Fraud Protect and that left the
// setting on. The job first lets the order features finish with the order (their jobs for it
// have run and none of its actions is still being sent) and waits for Shopify's own rating of
// the order, which Fraud Protect acts on (it looks again after a longer wait each time, for at
// most an hour), so the note tells what they decided. It then decides the note
// (risk-note-facts.ts) and records it before anything is sent; the row is one per order, so
// duplicate deliveries, a second instance or a retry find it and never write again what was
// written. One worker at a time holds the row to send it; a failure that may pass (time-out,
// 429, 5xx) gives it back and the job retries with back-off; an attempt that may have reached
// the platform reads the order first, and finds the note there. After the last retry the note
// is marked failed with the reason, and logged.
import { orderActionFeatures, planIncludes } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import { shops, type Shop } from '../../core/db/schema.js';
import { parseWebhookJson, type TopicHandler } from '../../core/http/webhook-topic.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import { claimLeaseMs } from '../../orders/held-claim.js';
import { actionsOfOrder } from '../../orders/order-actions.js';
import { orderJobName } from '../../orders/order-job-name.js';
import { orderCreatedPayload, orderOwner } from '../../orders/order-job.js';
import { isFinalRefusal, refusalText, type OrderOwner } from '../../orders/run-actions.js';
import { PlatformError } from '../../core/platform/platform-client.js';
import { orderFindings } from './risk-note-findings.js';
import { riskNoteOf } from './risk-note-facts.js';
import { readRiskNoteOrder, writeRiskAssessment } from './risk-note-platform.js';
import type { OrderRiskNoteRow } from './risk-note-schema.js';
import {
  claimRiskNote,
  failOpenRiskNote,
  finishRiskNote,
  markRiskNoteSent,
  recordRiskNote,
  releaseRiskNote,
  riskNoteOfOrder,
} from './risk-note-store.js';
import { loadFraudSettings } from './settings.js';

export const RISK_NOTE_JOB = 'order-risk-note';

export interface RiskNoteJobData {
  shopId: string;
  orderId: string;
  /** When the order was first heard of: the wait for the order features is counted from it. */
  since: string;
  /** How many times the note has waited for the order so far. */
  waits?: number;
}

/** Queues the note's next look at the order, after a longer wait each time; answers why. */
async function waitAgain(app: FastifyInstance, data: RiskNoteJobData, why: string) {
  const waits = data.waits ?? 0;
  const delay = Math.min(FIRST_WAIT_MS * 2 ** waits, LONGEST_WAIT_MS);
  await app.jobs.send(
    RISK_NOTE_JOB,
    { ...data, waits: waits + 1 },
    { startAfter: new Date(Date.now() + delay) },
  );
  return { waiting: why };
}

/**
 * How soon the note looks again whether the order is ready for it: 2 seconds, doubled each
 * time up to 5 minutes, so a long wait costs few platform reads.
 */
const FIRST_WAIT_MS = 2000;
const LONGEST_WAIT_MS = 5 * 60 * 1000;
/** The longest the note waits before it writes what it has. */
const MAX_WAIT_MS = 60 * 60 * 1000;
/** The namespace of the ids of the jobs that take over a note whose worker stopped. */
const TAKEOVER_NAMESPACE = '6f1d8a52-3c0e-4f7b-9a65-2d4e8b1c7f30';

/** Why the shop's orders get no note (null: they do). */
async function whyOff(app: FastifyInstance, shop: Shop): Promise<string | null> {
  if (!planIncludes(shop.plan, 'fraudProtect')) {
    return 'The shop’s plan does not include Fraud Protect.';
  }
  const settings = await loadFraudSettings(app.db, shop.id);
  return settings.writeOrderRisk ? null : 'Writing what Gatehouse found into order risk is off.';
}

/** Whether an order feature is still deciding or carrying out something for the order. */
async function stillDeciding(app: FastifyInstance, shopId: string, orderId: string) {
  const rows = await actionsOfOrder(app.db, shopId, orderId);
  if (rows.some((r) => r.status === 'pending' || r.status === 'sending')) return true;
  for (const feature of orderActionFeatures) {
    if ((await app.jobs.openJobs(orderJobName(feature), { shopId, orderId })) > 0) return true;
  }
  return false;
}

async function sendClaimed(app: FastifyInstance, owner: OrderOwner, row: OrderRiskNoteRow) {
  const task = `write the risk of order ${row.orderName}`;
  try {
    if (row.sentAt) {
      // An earlier attempt may have reached the platform: what it shows decides.
      const order = await readRiskNoteOrder(app, owner, row.orderId);
      if (!order) {
        await finishRiskNote(app.db, row.id, 'failed', 'The order no longer exists on Shopify.');
        return { failed: 'gone' };
      }
      if (order.noted) {
        await finishRiskNote(app.db, row.id, 'done');
        return { written: row.riskLevel, earlier: true };
      }
    }
    await markRiskNoteSent(app.db, row.id);
    const answer = await writeRiskAssessment(app, owner, row.orderId, row);
    if (answer.kind === 'refused') {
      await finishRiskNote(app.db, row.id, 'failed', `Shopify refused: ${answer.message}`);
      return { failed: answer.message };
    }
    await finishRiskNote(app.db, row.id, 'done');
    return { written: row.riskLevel, facts: row.facts.length };
  } catch (error) {
    if (isFinalRefusal(error)) {
      await finishRiskNote(app.db, row.id, 'failed', refusalText(error));
      return { failed: refusalText(error) };
    }
    const reason = error instanceof PlatformError ? error.messageFor(task) : String(error);
    await releaseRiskNote(app.db, row.id, reason);
    throw error;
  }
}

/**
 * Decides the order's note and records it (its row), or answers why there is none yet (the
 * feature is off, the order features are not done with the order, the order is gone).
 */
async function decideNote(
  app: FastifyInstance,
  found: { owner: OrderOwner; shop: Shop },
  data: RiskNoteJobData,
): Promise<{ row: OrderRiskNoteRow } | { outcome: Record<string, unknown> }> {
  const { owner, shop } = found;
  const off = await whyOff(app, shop);
  if (off !== null) return { outcome: { note: off } };
  const mayWait = Date.now() - Date.parse(data.since) < MAX_WAIT_MS;
  if (mayWait && (await stillDeciding(app, shop.id, data.orderId))) {
    return { outcome: await waitAgain(app, data, 'The order features are not done with it yet.') };
  }
  const order = await readRiskNoteOrder(app, owner, data.orderId);
  if (!order) return { outcome: { note: 'The order does not exist.' } };
  // Fraud Protect decides once Shopify has rated the order: its decision belongs in the note.
  if (mayWait && order.ratingPending) {
    return { outcome: await waitAgain(app, data, 'Shopify has not rated the order’s risk yet.') };
  }
  const note = riskNoteOf(await orderFindings(app, shop, data.orderId, order.clientIp));
  const base = { shopId: shop.id, orderId: data.orderId, orderName: order.name };
  const skip = async (error: string) => ({
    row: await recordRiskNote(app.db, {
      ...base,
      status: 'skipped',
      riskLevel: 'NONE',
      facts: [],
      error,
    }),
  });
  if (!note) return skip('Gatehouse found nothing to add about the order.');
  if (order.fulfilled) return skip('The order is fulfilled: Shopify takes no new risk on it.');
  if (note.dropped > 0) {
    app.log.warn(
      { shopId: shop.id, orderId: data.orderId, dropped: note.dropped },
      'facts left out of an order risk note',
    );
  }
  const status = order.noted ? 'done' : 'pending';
  return {
    row: await recordRiskNote(app.db, {
      ...base,
      status,
      riskLevel: note.riskLevel,
      facts: note.facts,
    }),
  };
}

export async function noteOrderRisk(
  app: FastifyInstance,
  data: RiskNoteJobData,
): Promise<Record<string, unknown>> {
  const found = await orderOwner(app, data.shopId);
  if (!found) return { note: 'Gatehouse is not installed on the shop.' };
  let row = await riskNoteOfOrder(app.db, data.shopId, data.orderId);
  if (!row) {
    const decided = await decideNote(app, found, data);
    if ('outcome' in decided) return decided.outcome;
    row = decided.row;
  }
  if (row.status !== 'pending' && row.status !== 'sending') return { note: row.status };
  const claimed = await claimRiskNote(app.db, row.id, claimLeaseMs(app));
  if (!claimed) {
    const held = await riskNoteOfOrder(app.db, data.shopId, data.orderId);
    if (held?.status === 'sending' && held.claimedUntil) {
      // Taken over just after the holder's lease, should the holder have stopped.
      await app.jobs.send(RISK_NOTE_JOB, data, {
        startAfter: new Date(held.claimedUntil.getTime() + 1000),
        id: uuidv5(`${held.id} ${held.claimedUntil.toISOString()}`, TAKEOVER_NAMESPACE),
      });
    }
    return { note: 'Another attempt holds the order’s risk note.' };
  }
  return sendClaimed(app, found.owner, claimed);
}

export function riskNoteJob(app: FastifyInstance): JobDefinition<RiskNoteJobData> {
  return {
    name: RISK_NOTE_JOB,
    retryLimit: app.config.webhooks.retryLimit,
    retryDelaySeconds: app.config.webhooks.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMaxSeconds: 15 * 60,
    heartbeatSeconds: 30,
    concurrency: 2,
    async handle(job) {
      try {
        return await noteOrderRisk(app, job.data);
      } catch (error) {
        if (job.retryCount < job.retryLimit && !isFinalRefusal(error)) throw error;
        const reason = isFinalRefusal(error)
          ? refusalText(error)
          : error instanceof PlatformError
            ? error.messageFor('write the order’s risk')
            : String(error);
        app.log.error(
          { err: error, shopId: job.data.shopId, orderId: job.data.orderId },
          'gave up writing an order’s risk note',
        );
        await failOpenRiskNote(app.db, job.data.shopId, job.data.orderId, reason);
        return { failed: reason };
      }
    },
  };
}

export const orderRiskTopics: Record<string, TopicHandler> = {
  'orders/create': async (app, shopDomain, body) => {
    const order = parseWebhookJson(body, orderCreatedPayload, 'orders/create');
    const [shop] = await app.db.select().from(shops).where(eq(shops.domain, shopDomain));
    if (!shop || shop.uninstalledAt) return { note: 'Gatehouse is not installed on the shop.' };
    const off = await whyOff(app, shop);
    if (off !== null) return { note: off };
    const data: RiskNoteJobData = {
      shopId: shop.id,
      orderId: String(order.id),
      since: new Date().toISOString(),
    };
    return { queued: await app.jobs.send(RISK_NOTE_JOB, data), orderId: data.orderId };
  },
};
