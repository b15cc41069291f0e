// What the order features ask of the platform about one order: read it (risk, total, status,
// refunds, tags, and the customer's tags and order count when the shop lets Gatehouse read
// customers), cancel it (orderCancel: reason, refund to the original payment method, restock,
// email), and add a tag (tagsAdd). Every call goes through the platform client, so each has a
// time-out and retries what is safe to repeat; orderCancel is never repeated by the client
// (the caller reconciles with the order as the platform then shows it).
import type { FastifyInstance } from 'fastify';
import { gql } from '../core/platform/gql.js';
import type { OrderActionParams } from './order-actions-schema.js';

export type RiskLevel = 'HIGH' | 'MEDIUM' | 'LOW' | 'NONE' | 'PENDING';
const SEVERITY: RiskLevel[] = ['PENDING', 'NONE', 'LOW', 'MEDIUM', 'HIGH'];

export interface PlatformOrder {
  id: string;
  name: string;
  cancelledAt: string | null;
  fulfilled: boolean;
  total: number;
  currency: string;
  /** The most severe assessment but Gatehouse's own; null when there is none. */
  riskLevel: RiskLevel | null;
  tags: string[];
  refunded: { amount: string; currency: string } | null;
  /** Null when there is no customer or customers may not be read. */
  customer: { tags: string[]; numberOfOrders: number } | null;
}

// The customer is asked for only when the shop lets Gatehouse read customers ($withCustomer):
// a field that is skipped is not resolved, so it needs no scope.
const ORDER = gql`
  query GatehouseOrder($id: ID!, $withCustomer: Boolean!) {
    order(id: $id) {
      id
      name
      cancelledAt
      displayFulfillmentStatus
      tags
      totalPriceSet {
        shopMoney {
          amount
          currencyCode
        }
      }
      totalRefundedSet {
        shopMoney {
          amount
          currencyCode
        }
      }
      risk {
        assessments {
          riskLevel
          provider {
            apiKey
          }
        }
      }
      customer @include(if: $withCustomer) {
        tags
        numberOfOrders
      }
    }
  }
`;

interface OrderNode {
  id: string;
  name: string;
  cancelledAt: string | null;
  displayFulfillmentStatus: string;
  tags: string[];
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  totalRefundedSet: { shopMoney: { amount: string; currencyCode: string } };
  risk: { assessments: { riskLevel: RiskLevel; provider: { apiKey: string } | null }[] } | null;
  customer?: { tags: string[]; numberOfOrders: string | number } | null;
}

export const orderGid = (orderId: string) => `gid://shopify/Order/${orderId}`;

export function mostSevere(levels: RiskLevel[]): RiskLevel | null {
  let found: RiskLevel | null = null;
  for (const level of levels) {
    if (found === null || SEVERITY.indexOf(level) > SEVERITY.indexOf(found)) found = level;
  }
  return found;
}

export async function readOrder(
  app: FastifyInstance,
  owner: { domain: string; token: string; canReadCustomers: boolean },
  orderId: string,
): Promise<PlatformOrder | null> {
  const data = await app.platform.graphql<{ order: OrderNode | null }>(
    owner.domain,
    owner.token,
    ORDER,
    { id: orderGid(orderId), withCustomer: owner.canReadCustomers },
  );
  const node = data.order;
  if (!node) return null;
  const refunded = Number(node.totalRefundedSet.shopMoney.amount);
  return {
    id: orderId,
    name: node.name,
    cancelledAt: node.cancelledAt,
    fulfilled: node.displayFulfillmentStatus === 'FULFILLED',
    total: Number(node.totalPriceSet.shopMoney.amount),
    currency: node.totalPriceSet.shopMoney.currencyCode,
    // Gatehouse's own assessment (what it found about the order) is no rating of the order
    // by the platform or another app: Fraud Protect never acts on it.
    riskLevel: mostSevere(
      (node.risk?.assessments ?? [])
        .filter((a) => a.provider?.apiKey !== app.config.shopify.apiKey)
        .map((a) => a.riskLevel),
    ),
    tags: node.tags,
    refunded:
      refunded > 0
        ? {
            amount: node.totalRefundedSet.shopMoney.amount,
            currency: node.totalRefundedSet.shopMoney.currencyCode,
          }
        : null,
    customer: node.customer
      ? { tags: node.customer.tags, numberOfOrders: Number(node.customer.numberOfOrders) }
      : null,
  };
}

export type CancelAnswer =
  | { kind: 'cancelled' }
  | { kind: 'already-cancelled' }
  /** The platform refused it for good (not found, fulfilled…): its message. */
  | { kind: 'refused'; message: string };

const CANCEL = gql`
  mutation GatehouseOrderCancel(
    $orderId: ID!
    $reason: OrderCancelReason!
    $refundMethod: OrderCancelRefundMethodInput
    $restock: Boolean!
    $notifyCustomer: Boolean
    $staffNote: String
  ) {
    orderCancel(
      orderId: $orderId
      reason: $reason
      refundMethod: $refundMethod
      restock: $restock
      notifyCustomer: $notifyCustomer
      staffNote: $staffNote
    ) {
      job {
        id
        done
      }
      orderCancelUserErrors {
        field
        message
        code
      }
    }
  }
`;

/** The most characters the platform keeps in a cancel's staff note. */
export const STAFF_NOTE_MAX = 255;

/**
 * The note as the platform takes it: a longer one is cut, at a whole character, to end with
 * an ellipsis within the limit (the platform refuses the cancel rather than cutting it).
 */
export function capStaffNote(note: string): string {
  if (note.length <= STAFF_NOTE_MAX) return note;
  let kept = '';
  for (const char of note) {
    if (kept.length + char.length > STAFF_NOTE_MAX - 1) break;
    kept += char;
  }
  return `${kept}…`;
}

export async function cancelOrder(
  app: FastifyInstance,
  owner: { domain: string; token: string },
  orderId: string,
  params: OrderActionParams,
  staffNote: string,
): Promise<CancelAnswer> {
  const data = await app.platform.graphql<{
    orderCancel: {
      job: { id: string; done: boolean } | null;
      orderCancelUserErrors: { message: string; code: string | null }[];
    };
  }>(owner.domain, owner.token, CANCEL, {
    orderId: orderGid(orderId),
    reason: params.reason ?? 'FRAUD',
    refundMethod: { originalPaymentMethodsRefund: params.refund === true },
    restock: params.restock === true,
    notifyCustomer: params.notifyCustomer === true,
    staffNote: capStaffNote(staffNote),
  });
  const errors = data.orderCancel.orderCancelUserErrors;
  if (errors.length === 0) return { kind: 'cancelled' };
  if (errors.some((e) => /already (been )?cancel/i.test(e.message))) {
    return { kind: 'already-cancelled' };
  }
  return { kind: 'refused', message: errors.map((e) => e.message).join('; ') };
}

const TAGS_ADD = gql`
  mutation GatehouseTagsAdd($id: ID!, $tags: [String!]!) {
    tagsAdd(id: $id, tags: $tags) {
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * Adds the tag (several, given comma-separated: a tag never holds a comma); adding a tag the
 * order has is no change, so a repeat is harmless. Answers the platform's refusal of the tag
 * for this order (its user errors), null once added.
 */
export async function addOrderTag(
  app: FastifyInstance,
  owner: { domain: string; token: string },
  orderId: string,
  tag: string,
): Promise<string | null> {
  const data = await app.platform.graphql<{ tagsAdd: { userErrors: { message: string }[] } }>(
    owner.domain,
    owner.token,
    TAGS_ADD,
    {
      id: orderGid(orderId),
      tags: tag
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    },
    { idempotent: true },
  );
  const errors = data.tagsAdd.userErrors;
  return errors.length > 0 ? errors.map((e) => e.message).join('; ') : null;
}
