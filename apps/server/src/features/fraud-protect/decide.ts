// What Fraud Protect does with an order, from the merchant's settings and the order as the
// platform shows it: nothing when its risk is not one the merchant chose (high, and medium
// when chosen); skip it, with the reason, when an exception applies (an order under the
// amount, a customer with an exempt tag, a returning customer); otherwise cancel it (and add
// the tag) or only tag it, logged as "would" in monitor mode.
import type { FraudProtectSettings } from '@gatehouse/contracts';
import type { OrderActionParams } from '../../orders/order-actions-schema.js';
import type { PlatformOrder } from '../../orders/platform-orders.js';

export type FraudDecision =
  | { kind: 'untouched' }
  | { kind: 'skip'; action: 'cancel' | 'tag'; params: OrderActionParams; reason: string }
  | {
      kind: 'act';
      monitor: boolean;
      actions: { action: 'cancel' | 'tag'; params: OrderActionParams }[];
    };

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

export const NO_CUSTOMER_ACCESS =
  'Gatehouse may not read customers on this store, so the customer exceptions could not be checked and the order was left alone. Approve the customer access Gatehouse asks for to use them.';

export function decideFraudAction(
  settings: FraudProtectSettings,
  order: Pick<PlatformOrder, 'riskLevel' | 'total' | 'currency' | 'customer'>,
  canReadCustomers: boolean,
): FraudDecision {
  const risky =
    order.riskLevel === 'HIGH' || (order.riskLevel === 'MEDIUM' && settings.actOnMedium);
  if (!risky) return { kind: 'untouched' };

  const actions: { action: 'cancel' | 'tag'; params: OrderActionParams }[] = [];
  if (settings.mode === 'cancel') {
    actions.push({
      action: 'cancel',
      params: {
        reason: settings.reason,
        refund: settings.refund,
        restock: settings.restock,
        notifyCustomer: settings.notifyCustomer,
      },
    });
  }
  if (settings.tag !== '') actions.push({ action: 'tag', params: { tag: settings.tag } });
  const main = actions[0] ?? { action: 'tag' as const, params: { tag: settings.tag } };
  const skip = (reason: string): FraudDecision => ({ kind: 'skip', ...main, reason });

  if (settings.minOrderAmount !== null && order.total < settings.minOrderAmount) {
    return skip(
      `The order total (${money(order.total, order.currency)}) is under ${money(settings.minOrderAmount, order.currency)}.`,
    );
  }
  const needsCustomer = settings.exemptCustomerTags.length > 0 || settings.exemptReturningCustomers;
  if (needsCustomer && !canReadCustomers) return skip(NO_CUSTOMER_ACCESS);
  const customer = order.customer;
  if (customer) {
    const exempt = new Set(settings.exemptCustomerTags.map((t) => t.toLowerCase()));
    const tag = customer.tags.find((t) => exempt.has(t.trim().toLowerCase()));
    if (tag) return skip(`The customer is tagged "${tag}".`);
    // The platform's count includes this order.
    if (settings.exemptReturningCustomers && customer.numberOfOrders > 1) {
      return skip('The customer has ordered before.');
    }
  }
  return { kind: 'act', monitor: settings.monitor, actions };
}
