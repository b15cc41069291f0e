// Carries out an order's recorded actions, exactly once, whichever feature decided them: every
// run (a repeated webhook, a retry, the merchant's Retry) takes each open action's claim and
// carries it out; every claim comes with the order's job queued for just after its lease, which
// takes over should the attempt die (held-claim.ts). A claimed action reads the order again
// first, so an action that may have been sent before (the server died, or the answer was lost)
// is finished from what the platform shows: an order already cancelled is never cancelled
// again, so it is never refunded twice. A failure that may pass (time-out, 429, 5xx) gives the
// claim back with what happened (no advice: the job retries by itself) and throws, for the job
// to retry with back-off; a refusal of the order itself (a user error, the order gone) fails
// the action for good, as no retry can change it. Adding the order's
// IP to the IP Blocker's block list goes through the blockers' shared "block IP" quick action;
// adding the order's email to the Customer Block Lists goes through the list that takes emails
// (the registry's list target), then asks for the checkout's list to be synced. Both are safe
// to repeat: a value already listed (by the merchant, or by an attempt whose end was not
// recorded) counts as done.
import type { DashboardCounter } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { OrderActionFeature, OrderActionRow } from './order-actions-schema.js';
import { AppError } from '../core/errors.js';
import { PlatformError } from '../core/platform/platform-client.js';
import { ShopTokenDeadError } from '../core/platform/shop-token-dead.js';
import { outcomeUnknown, unknownOutcomeLead } from '../core/platform/unknown-outcome.js';
import { shopById } from '../protection/blocker-registry.js';
import { claimWithTakeover } from './held-claim.js';
import { finishAction, markSent, releaseAction } from './order-actions.js';
import { addOrderTag, cancelOrder, readOrder, type PlatformOrder } from './platform-orders.js';

export interface OrderOwner {
  domain: string;
  token: string;
  canReadCustomers: boolean;
}

/**
 * The staff note on a cancel, and the dashboard count a done cancel adds to, per feature. The
 * dashboard's one card of cancelled orders ("Orders cancelled", on the Fraud Protect card)
 * counts every order Gatehouse cancelled, whichever feature decided: the log lets an order be
 * cancelled once, so it is counted once.
 */
const FEATURE_CANCEL: Record<OrderActionFeature, { note: string; counter: DashboardCounter }> = {
  'fraud-protect': {
    note: 'Cancelled by Gatehouse Fraud Protect: the order was rated risky by Shopify.',
    counter: 'fraudProtect',
  },
  'auto-cancel': {
    note: 'Cancelled by a Gatehouse auto-cancel filter.',
    counter: 'fraudProtect',
  },
};

/** A failure the platform will answer the same way however often it is asked. */
export function isFinalRefusal(error: unknown): error is PlatformError {
  return error instanceof PlatformError && error.failure === 'refused';
}

/** The platform's refusal in words (GraphQL errors arrive as their JSON). */
export function refusalText(error: PlatformError): string {
  // A dead token is not the platform refusing the order: the merchant is told to reconnect.
  if (error instanceof ShopTokenDeadError) return error.message;
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

/** Claims and carries out each open action of the rows; answers "action: outcome" lines. */
export async function runOpenActions(
  app: FastifyInstance,
  owner: OrderOwner,
  rows: OrderActionRow[],
): Promise<string[]> {
  const done: string[] = [];
  for (const row of rows) {
    // A check entry is closed by the order's job, never sent.
    if (row.action === 'check') continue;
    if (row.status !== 'pending' && row.status !== 'sending') continue;
    const claimed = await claimWithTakeover(app, row.id);
    if (!claimed) continue;
    done.push(`${claimed.action}: ${await runClaimed(app, owner, claimed)}`);
  }
  return done;
}

async function runClaimed(app: FastifyInstance, owner: OrderOwner, row: OrderActionRow) {
  const task = `${row.action === 'cancel' ? 'cancel' : 'tag'} order ${row.orderName}`;
  let cancelSent = false;
  try {
    if (row.action === 'block-ip') return await blockIp(app, row);
    if (row.action === 'block-email') return await blockEmail(app, row);
    const order = await readOrder(app, owner, row.orderId);
    if (!order) {
      await finishAction(app.db, row, 'failed', {
        error: 'The order no longer exists on Shopify.',
        permanent: true,
      });
      return 'failed';
    }
    if (row.action === 'tag') {
      await markSent(app.db, row.id);
      const refused = await addOrderTag(app, owner, row.orderId, row.params.tag ?? '');
      if (refused !== null) {
        await finishAction(app.db, row, 'failed', {
          error: `Shopify refused: ${refused}`,
          permanent: true,
        });
        return 'failed';
      }
      await finishAction(app.db, row, 'done', {});
      return 'done';
    }
    if (order.cancelledAt) return await finishCancelled(app, row, order);
    await markSent(app.db, row.id);
    cancelSent = true;
    const note = FEATURE_CANCEL[row.feature].note;
    const answer = await cancelOrder(app, owner, row.orderId, row.params, note);
    if (answer.kind === 'refused') {
      await finishAction(app.db, row, 'failed', {
        error: `Shopify refused: ${answer.message}`,
        permanent: true,
      });
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
    const reason =
      cancelSent && outcomeUnknown(error)
        ? `${unknownOutcomeLead(error, task)}, so it may or may not have been cancelled. Gatehouse reads the order before any new attempt, so it is never cancelled twice.`
        : error instanceof PlatformError
          ? error.factFor(task)
          : String(error);
    await releaseAction(app.db, row.id, reason);
    throw error;
  }
}

/**
 * Adds the order's IP to the shop's IP block list, with a note naming the order (as the email's
 * entry has); already listed counts as done.
 */
async function blockIp(app: FastifyInstance, row: OrderActionRow): Promise<string> {
  const handler = app.blockers.quickAction('blockIp');
  const ip = row.params.ip ?? '';
  if (!handler || ip === '') {
    await finishAction(app.db, row, 'skipped', { error: 'The order has no browser IP to block.' });
    return 'skipped';
  }
  const shop = await shopById(app.db, row.shopId);
  try {
    const result = await handler(app.blockers, app.db, shop, ip, `Order ${row.orderName}`);
    if (result.changed) await app.protection.changed(shop.id);
    await finishAction(app.db, row, 'done', { result: { note: result.message } });
    return 'done';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishAction(app.db, row, 'failed', { error: message });
    return 'failed';
  }
}

/**
 * Adds the order's email to the Customer Block Lists, with a note naming the order. What the
 * list says before (already listed, cannot take it) and what it stored after are recorded on
 * the entry. A refusal (a plan without the lists, a full list, an email the lists cannot read)
 * fails the entry with the list's words, for the merchant to retry once it is resolved.
 */
async function blockEmail(app: FastifyInstance, row: OrderActionRow): Promise<string> {
  const target = app.blockers.listTarget('email');
  const email = row.params.email ?? '';
  if (!target || email === '') {
    const error = target ? 'The order has no email to block.' : 'No list takes emails.';
    await finishAction(app.db, row, 'skipped', { error });
    return 'skipped';
  }
  const shop = await shopById(app.db, row.shopId);
  try {
    const before = await target.plan(app.db, shop, [email]);
    const refusal = before.refusal ?? before.unfit?.get(email) ?? null;
    if (refusal !== null) {
      await finishAction(app.db, row, 'failed', { error: refusal });
      return 'failed';
    }
    const listed = before.present.has(email);
    if (!listed) {
      await app.db.transaction((tx) =>
        target.add(app.blockers, tx, shop, [{ value: email, note: `Order ${row.orderName}` }]),
      );
    }
    // A repeat after an attempt that stored the email but died before this asks again.
    await app.checkoutBlocks.changed(shop.id);
    const note = listed ? `Already in ${target.label}` : `Added to ${target.label}`;
    await finishAction(app.db, row, 'done', { result: { note } });
    return 'done';
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      await finishAction(app.db, row, 'failed', { error: error.message });
      return 'failed';
    }
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
    counter: FEATURE_CANCEL[row.feature].counter,
    result: {
      ...(order.refunded
        ? { refunded: order.refunded.amount, currency: order.refunded.currency }
        : {}),
      restocked: row.params.restock === true,
    },
  });
  return 'done';
}
