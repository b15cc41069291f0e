// Runs Fraud Protect on one order, exactly once. The first run reads the order from the
// platform, decides (decide.ts) and records the decided actions in the order-action log
// before anything is sent; every run (a repeated webhook, a retry, the merchant's Retry)
// then takes each open action's claim and carries it out. A claimed action reads the order
// again first, so an action that may have been sent before (the server died, or the answer
// was lost) is finished from what the platform shows: an order already cancelled is never
// cancelled again, so it is never refunded twice. A failure that may pass (time-out, 429,
// 5xx) gives the claim back with the reason and throws, for the job to retry with back-off.
import { planIncludes } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { OrderActionRow } from '../../db/order-actions-schema.js';
import {
  actionsOfOrder,
  claimAction,
  finishAction,
  markSent,
  recordActions,
  releaseAction,
} from '../../orders/order-actions.js';
import {
  addOrderTag,
  cancelOrder,
  readOrder,
  type PlatformOrder,
} from '../../orders/platform-orders.js';
import { PlatformError } from '../../platform/platform-client.js';
import { decideFraudAction } from './decide.js';
import { loadFraudSettings } from './settings.js';

export const FEATURE = 'fraud-protect' as const;
const STAFF_NOTE = 'Cancelled by Gatehouse Fraud Protect: the order was rated risky by Shopify.';

interface Owner {
  domain: string;
  token: string;
  canReadCustomers: boolean;
}

/** A failure the platform will answer the same way however often it is asked. */
export function isFinalRefusal(error: unknown): error is PlatformError {
  return error instanceof PlatformError && error.failure === 'refused';
}

/** The platform's refusal in words (GraphQL errors arrive as their JSON). */
export function refusalText(error: PlatformError): string {
  try {
    const parsed: unknown = JSON.parse(error.message);
    if (Array.isArray(parsed)) {
      const texts = parsed
        .map((e: unknown) =>
          e && typeof e === 'object' && 'message' in e ? String(e.message) : '',
        )
        .filter(Boolean);
      if (texts.length > 0) return `Shopify refused: ${texts.join('; ')}`;
    }
  } catch {
    // Not JSON: the message is already words.
  }
  return `Shopify refused: ${error.message}`;
}

export type ProcessOutcome = Record<string, unknown>;

export async function processOrder(
  app: FastifyInstance,
  shopId: string,
  orderId: string,
): Promise<ProcessOutcome> {
  const found = await app.tokens.forShopId(shopId);
  if (!found?.token || found.shop.uninstalledAt) {
    return { note: 'Gatehouse is not installed on the shop.' };
  }
  const owner: Owner = {
    domain: found.shop.domain,
    token: found.token,
    canReadCustomers: found.shop.grantedScopes.split(',').includes('read_customers'),
  };
  let rows = await actionsOfOrder(app.db, shopId, orderId);
  if (rows.length === 0) {
    const settings = await loadFraudSettings(app.db, shopId);
    if (!settings.enabled) return { note: 'Fraud Protect is off.' };
    if (!planIncludes(found.shop.plan, 'fraudProtect')) {
      return { note: 'The shop’s plan does not include Fraud Protect.' };
    }
    const order = await readOrder(app, owner, orderId);
    if (!order) return { note: 'The order does not exist.' };
    const decision = decideFraudAction(settings, order, owner.canReadCustomers);
    if (decision.kind === 'untouched') return { untouched: true, risk: order.riskLevel };
    const common = {
      shopId,
      feature: FEATURE,
      orderId,
      orderName: order.name,
      riskLevel: order.riskLevel,
    };
    await recordActions(
      app.db,
      decision.kind === 'skip'
        ? [
            {
              ...common,
              action: decision.action,
              params: decision.params,
              status: 'skipped',
              error: decision.reason,
            },
          ]
        : decision.actions.map((a) => ({
            ...common,
            action: a.action,
            params: a.params,
            status: decision.monitor ? ('monitored' as const) : ('pending' as const),
          })),
    );
    rows = await actionsOfOrder(app.db, shopId, orderId);
  }
  const done: string[] = [];
  for (const row of rows) {
    if (row.status !== 'pending' && row.status !== 'sending') continue;
    const claimed = await claimAction(app.db, row.id);
    if (!claimed) continue;
    done.push(`${claimed.action}: ${await runClaimed(app, owner, claimed)}`);
  }
  return { actions: done };
}

async function runClaimed(app: FastifyInstance, owner: Owner, row: OrderActionRow) {
  const task =
    row.action === 'cancel' ? `cancel order ${row.orderName}` : `tag order ${row.orderName}`;
  try {
    const order = await readOrder(app, owner, row.orderId);
    if (!order) {
      await finishAction(app.db, row, 'failed', {
        error: 'The order no longer exists on Shopify.',
      });
      return 'failed';
    }
    if (row.action === 'tag') {
      await markSent(app.db, row.id);
      await addOrderTag(app, owner, row.orderId, row.params.tag ?? '');
      await finishAction(app.db, row, 'done', {});
      return 'done';
    }
    if (order.cancelledAt) return await finishCancelled(app, row, order);
    await markSent(app.db, row.id);
    const answer = await cancelOrder(app, owner, row.orderId, row.params, STAFF_NOTE);
    if (answer.kind === 'refused') {
      await finishAction(app.db, row, 'failed', { error: `Shopify refused: ${answer.message}` });
      return 'failed';
    }
    // Cancelled now (or by an earlier attempt whose answer was lost): record what the
    // platform shows. Should this read fail, the next attempt finds the order cancelled.
    const after = await readOrder(app, owner, row.orderId);
    return await finishCancelled(app, { ...row, sentAt: row.sentAt ?? new Date() }, after ?? order);
  } catch (error) {
    if (isFinalRefusal(error)) {
      await finishAction(app.db, row, 'failed', { error: refusalText(error) });
      return 'failed';
    }
    const reason = error instanceof PlatformError ? error.messageFor(task) : String(error);
    await releaseAction(app.db, row.id, reason);
    throw error;
  }
}

/** An order the platform shows cancelled: ours if a cancel was sent, else someone else's. */
async function finishCancelled(app: FastifyInstance, row: OrderActionRow, order: PlatformOrder) {
  if (!row.sentAt) {
    await finishAction(app.db, row, 'skipped', {
      error: 'The order had already been cancelled on Shopify.',
    });
    return 'skipped';
  }
  await finishAction(app.db, row, 'done', {
    counter: 'fraudProtect',
    result: {
      ...(order.refunded
        ? { refunded: order.refunded.amount, currency: order.refunded.currency }
        : {}),
      restocked: row.params.restock === true,
    },
  });
  return 'done';
}
