// Runs the shop's auto-cancel filters on one order. The filters that are on or in monitor mode
// are tried in priority order; the first filter that is on and matches acts: its actions
// (cancel with the reason, refund, restock and email as chosen; the tags; blocking the order's
// IP; adding its email to the Customer Block Lists) are recorded in the shared order-action
// log as feature 'auto-cancel' with the filter's id and the conditions that made it match
// (in words) before anything is sent, then carried out
// by the shared exactly-once runner. A filter in monitor mode never takes the order from it:
// each one that caught the order before the acting filter (every one, when none acts) has its
// "would" entries logged beside it, and changes nothing. The order is decided once: a later webhook or retry finds the filter's entries and
// only finishes what is open. Should Fraud Protect already hold the order's cancel, the log
// keeps the filter's cancel out, so the order is cancelled once.
import { planIncludes } from '@gatehouse/contracts';
import { compileMatch, evaluateFilters, joinReasons } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import type { OrderActionParams } from '../../orders/order-actions-schema.js';
import {
  actionsOfOrder,
  decidedBy,
  recordActions,
  type NewOrderAction,
} from '../../orders/order-actions.js';
import { orderOwner } from '../../orders/order-job.js';
import { runOpenActions } from '../../orders/run-actions.js';
import { loadFilterRows } from './filters.js';
import { factsOf, readFilterOrder } from './order-facts.js';
import type { AutoCancelFilterRow } from './auto-cancel-schema.js';

export const FEATURE = 'auto-cancel' as const;

/** The actions a filter takes, as log entries' action and parameters. */
export function filterActions(
  filter: Pick<AutoCancelFilterRow, 'actions'>,
  order: { clientIp: string | null; email: string | null },
): { action: NewOrderAction['action']; params: OrderActionParams }[] {
  const a = filter.actions;
  const out: { action: NewOrderAction['action']; params: OrderActionParams }[] = [];
  if (a.cancel) {
    out.push({
      action: 'cancel',
      params: {
        reason: a.reason,
        refund: a.refund,
        restock: a.restock,
        notifyCustomer: a.notifyCustomer,
      },
    });
  }
  if (a.tags.length > 0) out.push({ action: 'tag', params: { tag: a.tags.join(',') } });
  if (a.blockIp && order.clientIp) {
    out.push({ action: 'block-ip', params: { ip: order.clientIp } });
  }
  // The email as the order has it; the list reads it as an add does when the action runs.
  const email = order.email?.trim() ?? '';
  if (a.blockEmail && email !== '') out.push({ action: 'block-email', params: { email } });
  return out;
}

/** The shop's active filters, compiled, in priority order (one that no longer compiles is left out). */
export async function activeFilters(app: FastifyInstance, shopId: string) {
  const rows = await loadFilterRows(app.db, shopId);
  const active = [];
  for (const row of rows) {
    if (row.mode === 'off') continue;
    const compiled = compileMatch(row.match, row.name);
    if (compiled.ok) {
      active.push({ row, compiled: compiled.match, monitor: row.mode === 'monitor' });
    } else
      app.log.warn({ shopId, filterId: row.id }, 'a stored auto-cancel filter does not compile');
  }
  return active;
}

export async function processFilterOrder(
  app: FastifyInstance,
  shopId: string,
  orderId: string,
): Promise<Record<string, unknown>> {
  const found = await orderOwner(app, shopId);
  if (!found) return { note: 'Gatehouse is not installed on the shop.' };
  const { owner, shop } = found;
  let rows = await actionsOfOrder(app.db, shopId, orderId);
  if (!decidedBy(rows, FEATURE)) {
    if (!planIncludes(shop.plan, 'autoCancelFilters')) {
      return { note: 'The shop’s plan does not include auto-cancel filters.' };
    }
    const filters = await activeFilters(app, shopId);
    if (filters.length === 0) return { note: 'No auto-cancel filter is on.' };
    const node = await readFilterOrder(app, owner, orderId);
    if (!node) return { note: 'The order does not exist.' };
    if (node.cancelledAt) return { note: 'The order is already cancelled.' };
    const verdict = evaluateFilters(filters, await factsOf(app, node));
    const deciding = [
      ...verdict.monitored.map((m) => ({ filter: m.filter.row, monitor: true, why: m.matchedBy })),
      ...(verdict.filter
        ? [{ filter: verdict.filter.row, monitor: false, why: verdict.matchedBy }]
        : []),
    ];
    if (deciding.length === 0) return { untouched: true };
    await recordActions(
      app.db,
      deciding.flatMap(({ filter, monitor, why }) =>
        filterActions(filter, node).map((a) => ({
          shopId,
          feature: FEATURE,
          filterId: filter.id,
          filterName: filter.name,
          matchedBy: joinReasons(why),
          orderId,
          orderName: node.name,
          riskLevel: null,
          action: a.action,
          params: a.params,
          status: monitor ? ('monitored' as const) : ('pending' as const),
        })),
      ),
    );
    rows = await actionsOfOrder(app.db, shopId, orderId);
  }
  return { actions: await runOpenActions(app, owner, rows) };
}
