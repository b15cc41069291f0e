// Helpers for the order tests: a risky order placed through the control API, the order query
// an app sends, and a subscription of the app to order topics.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OrderView, PlaceOrderRequest } from '../src/index.js';

export const SHOP = 'demo.myshopify.com';

export const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '12 Analytical Row',
  city: 'London',
  country: 'United Kingdom',
  countryCode: 'GB',
  zip: 'N1 9GU',
};

export async function placeOrder(
  app: FastifyInstance,
  order: Partial<PlaceOrderRequest> = {},
): Promise<OrderView> {
  const response = await app.inject({
    method: 'POST',
    url: `/_emulator/shops/${SHOP}/orders`,
    payload: {
      email: 'ada@example.com',
      phone: '+447700900123',
      billingAddress: ADDRESS,
      shippingAddress: ADDRESS,
      lines: [{ sku: 'RIDGELINE-2-TENT-SAGE', quantity: 2 }],
      browserIp: '203.0.113.7',
      ...order,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as OrderView;
}

export async function orderView(app: FastifyInstance, id: number): Promise<OrderView> {
  return (await app.inject(`/_emulator/shops/${SHOP}/orders/${id}`)).json() as OrderView;
}

export const ORDER_QUERY = /* GraphQL */ `
  query Order($id: ID!) {
    order(id: $id) {
      id
      name
      email
      phone
      clientIp
      tags
      cancelledAt
      cancelReason
      displayFinancialStatus
      totalPriceSet {
        shopMoney {
          amount
          currencyCode
        }
      }
      totalRefundedSet {
        shopMoney {
          amount
        }
      }
      discountCodes
      paymentGatewayNames
      billingAddress {
        countryCodeV2
        city
      }
      shippingAddress {
        name
        zip
      }
      lineItems(first: 10) {
        nodes {
          sku
          quantity
          currentQuantity
        }
      }
      risk {
        recommendation
        assessments {
          riskLevel
          facts {
            description
            sentiment
          }
          provider {
            id
          }
        }
      }
    }
  }
`;

export const CANCEL_MUTATION = /* GraphQL */ `
  mutation Cancel(
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

export interface CancelResult {
  orderCancel: {
    job: { id: string; done: boolean } | null;
    orderCancelUserErrors: { field: string[] | null; message: string; code: string }[];
  };
}
