// An app's own risk assessment (orderRiskAssessmentCreate): added beside the platform's with
// the app as provider, read back through `order`, shown on the order's admin page and in the
// control API, announced by orders/risk_assessment_changed; refused with a code for an unknown
// or fulfilled order and for more than 20 facts, and without write_orders.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { graphql, install, startEmulator, subscribe } from './helpers.js';
import { SHOP, orderView, placeOrder } from './order-helpers.js';
import { startReceiver, until } from './receiver.js';

const CREATE = /* GraphQL */ `
  mutation Assess($input: OrderRiskAssessmentCreateInput!) {
    orderRiskAssessmentCreate(orderRiskAssessmentInput: $input) {
      orderRiskAssessment {
        riskLevel
        facts {
          description
          sentiment
        }
        provider {
          title
          apiKey
        }
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

const RISK = /* GraphQL */ `
  query Risk($id: ID!) {
    order(id: $id) {
      risk {
        recommendation
        assessments {
          riskLevel
          provider {
            apiKey
          }
        }
      }
    }
  }
`;

interface CreateResult {
  orderRiskAssessmentCreate: {
    orderRiskAssessment: {
      riskLevel: string;
      facts: { description: string; sentiment: string }[];
      provider: { title: string; apiKey: string } | null;
    } | null;
    userErrors: { field: string[]; message: string; code: string }[];
  } | null;
}

interface RiskResult {
  order: {
    risk: {
      recommendation: string;
      assessments: { riskLevel: string; provider: { apiKey: string } | null }[];
    };
  };
}

const fact = (description: string, sentiment = 'NEGATIVE') => ({ description, sentiment });

let app: FastifyInstance;
let token: string;
beforeEach(async () => {
  app = await startEmulator({ webhookRetryBaseMs: 10 });
  token = await install(app, SHOP, 'read_orders,write_orders');
});
afterEach(() => app.close());

describe('orderRiskAssessmentCreate', () => {
  it('adds the app’s assessment beside the platform’s and raises the recommendation', async () => {
    const receiver = await startReceiver([]);
    try {
      await subscribe(app, token, ['ORDERS_RISK_ASSESSMENT_CHANGED'], receiver.url);
      const placed = await placeOrder(app, { risk: { level: 'LOW' } });
      await until(() => receiver.received.length === 1);
      const { body } = await graphql<CreateResult>(app, SHOP, token, CREATE, {
        input: {
          orderId: placed.gid,
          riskLevel: 'HIGH',
          facts: [fact('The browser IP is on the store’s block list'), fact('x'.repeat(300))],
        },
      });
      expect(body.errors).toBeUndefined();
      const created = body.data?.orderRiskAssessmentCreate;
      expect(created?.userErrors).toEqual([]);
      expect(created?.orderRiskAssessment).toMatchObject({
        riskLevel: 'HIGH',
        provider: { title: 'Gatehouse' },
      });
      expect(created?.orderRiskAssessment?.facts[1]?.description).toHaveLength(256);

      const read = await graphql<RiskResult>(app, SHOP, token, RISK, { id: placed.gid });
      expect(read.body.data?.order.risk.recommendation).toBe('CANCEL');
      expect(read.body.data?.order.risk.assessments.map((a) => a.riskLevel)).toEqual([
        'LOW',
        'HIGH',
      ]);
      expect(read.body.data?.order.risk.assessments[0]?.provider).toBeNull();
      const apiKey = created?.orderRiskAssessment?.provider?.apiKey;
      expect(read.body.data?.order.risk.assessments[1]?.provider?.apiKey).toBe(apiKey);

      await until(() => receiver.received.length === 2);
      expect(JSON.parse(receiver.received[1]?.body ?? '{}')).toMatchObject({
        risk_level: 'high',
        order_id: placed.id,
        provider_title: 'Gatehouse',
      });
      const view = await orderView(app, placed.id);
      expect(view.risk.assessments[1]).toMatchObject({
        riskLevel: 'HIGH',
        provider: { title: 'Gatehouse' },
      });
      const page = await app.inject(`/shops/${SHOP}/admin/orders/${placed.id}`);
      expect(page.body).toContain('by Gatehouse');
      expect(page.body).toContain('The browser IP is on the store’s block list');
    } finally {
      await receiver.close();
    }
  });

  it('refuses an unknown order, more than 20 facts and a fulfilled order, changing nothing', async () => {
    const placed = await placeOrder(app, { risk: { level: 'LOW' } });
    const create = async (input: Record<string, unknown>) =>
      (
        await graphql<CreateResult>(app, SHOP, token, CREATE, {
          input: { orderId: placed.gid, riskLevel: 'MEDIUM', facts: [fact('a')], ...input },
        })
      ).body.data?.orderRiskAssessmentCreate;

    expect(await create({ orderId: 'gid://shopify/Order/999999' })).toMatchObject({
      orderRiskAssessment: null,
      userErrors: [{ code: 'NOT_FOUND', field: ['orderRiskAssessmentInput', 'orderId'] }],
    });
    const many = Array.from({ length: 21 }, (_, i) => fact(`fact ${i}`));
    expect(await create({ facts: many })).toMatchObject({
      orderRiskAssessment: null,
      userErrors: [{ code: 'TOO_MANY_FACTS', field: ['orderRiskAssessmentInput', 'facts'] }],
    });
    const fulfil = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/orders/${placed.id}/fulfill`,
    });
    expect(fulfil.statusCode).toBe(200);
    expect(await create({})).toMatchObject({
      userErrors: [{ code: 'ORDER_ALREADY_FULFILLED' }],
    });
    expect((await orderView(app, placed.id)).risk.assessments).toHaveLength(1);
  });

  it('refuses a bad sentiment or risk level as the schema does, and asks for write_orders', async () => {
    const placed = await placeOrder(app, { risk: { level: 'LOW' } });
    const bad = await graphql<CreateResult>(app, SHOP, token, CREATE, {
      input: { orderId: placed.gid, riskLevel: 'SEVERE', facts: [fact('a', 'BAD')] },
    });
    expect(JSON.stringify(bad.body.errors)).toMatch(/SEVERE/);
    expect(bad.body.data?.orderRiskAssessmentCreate ?? null).toBeNull();
    const readOnly = await install(app, 'reader.myshopify.com', 'read_orders');
    const refused = await graphql<CreateResult>(app, 'reader.myshopify.com', readOnly, CREATE, {
      input: { orderId: placed.gid, riskLevel: 'LOW', facts: [] },
    });
    expect(refused.body.data?.orderRiskAssessmentCreate ?? null).toBeNull();
    expect(JSON.stringify(refused.body.errors)).toMatch(/write_orders/);
    expect((await orderView(app, placed.id)).risk.assessments).toHaveLength(1);
  });
});
