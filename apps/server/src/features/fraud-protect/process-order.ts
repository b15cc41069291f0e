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
import { actionsOfOrder, decidedBy, recordActions } from '../../orders/order-actions.js';
import { readOrder } from '../../orders/platform-orders.js';
import { orderOwner } from '../../orders/order-job.js';
import { runOpenActions } from '../../orders/run-actions.js';
import { decideFraudAction } from './decide.js';
import { loadFraudSettings } from './settings.js';

export const FEATURE = 'fraud-protect' as const;
export type ProcessOutcome = Record<string, unknown>;

export async function processOrder(
  app: FastifyInstance,
  shopId: string,
  orderId: string,
): Promise<ProcessOutcome> {
  const found = await orderOwner(app, shopId);
  if (!found) return { note: 'Gatehouse is not installed on the shop.' };
  const { owner, shop } = found;
  let rows = await actionsOfOrder(app.db, shopId, orderId);
  // Decided once per order (an entry saying the order could not be checked is no decision);
  // the rows of another order feature are carried out all the same.
  if (!decidedBy(rows, FEATURE)) {
    const settings = await loadFraudSettings(app.db, shopId);
    if (!settings.enabled) return { note: 'Fraud Protect is off.' };
    if (!planIncludes(shop.plan, 'fraudProtect')) {
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
  return { actions: await runOpenActions(app, owner, rows) };
}
