// What the order-risk note asks of the platform: the order as far as the note needs it (its
// name, browser IP, whether it is fulfilled, whether Shopify's own rating of it is still
// pending, and whether Gatehouse's own assessment is already on it), and orderRiskAssessmentCreate. Both go through the platform client, so each has a
// time-out; the read is retried by the client, the create never (the caller reads the order
// before sending again, so an assessment whose answer was lost is not written twice).
import type { FastifyInstance } from 'fastify';
import { orderGid } from '../../orders/platform-orders.js';
import type { OrderOwner } from '../../orders/run-actions.js';
import { gql } from '../../core/platform/gql.js';
import type { RiskNote } from './risk-note-facts.js';

const RISK_NOTE_ORDER = gql`
  query GatehouseRiskNoteOrder($id: ID!) {
    order(id: $id) {
      name
      clientIp
      displayFulfillmentStatus
      risk {
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

const RISK_ASSESSMENT_CREATE = gql`
  mutation GatehouseOrderRiskAssessmentCreate($input: OrderRiskAssessmentCreateInput!) {
    orderRiskAssessmentCreate(orderRiskAssessmentInput: $input) {
      orderRiskAssessment {
        riskLevel
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export interface RiskNoteOrder {
  name: string;
  clientIp: string | null;
  fulfilled: boolean;
  /** Gatehouse's own assessment is on the order already. */
  noted: boolean;
  /** Shopify's own assessment of the order is still pending. */
  ratingPending: boolean;
}

export async function readRiskNoteOrder(
  app: FastifyInstance,
  owner: Pick<OrderOwner, 'domain' | 'token'>,
  orderId: string,
): Promise<RiskNoteOrder | null> {
  const data = await app.platform.graphql<{
    order: {
      name: string;
      clientIp: string | null;
      displayFulfillmentStatus: string;
      risk: {
        assessments: { riskLevel: string; provider: { apiKey: string } | null }[];
      } | null;
    } | null;
  }>(owner.domain, owner.token, RISK_NOTE_ORDER, { id: orderGid(orderId) });
  const order = data.order;
  if (!order) return null;
  const assessments = order.risk?.assessments ?? [];
  return {
    name: order.name,
    clientIp: order.clientIp,
    fulfilled: order.displayFulfillmentStatus === 'FULFILLED',
    noted: assessments.some((a) => a.provider?.apiKey === app.config.shopify.apiKey),
    ratingPending: assessments.some((a) => a.provider === null && a.riskLevel === 'PENDING'),
  };
}

/** Written, or refused by the platform for good (an unknown or fulfilled order): its words. */
export type RiskNoteAnswer = { kind: 'written' } | { kind: 'refused'; message: string };

export async function writeRiskAssessment(
  app: FastifyInstance,
  owner: Pick<OrderOwner, 'domain' | 'token'>,
  orderId: string,
  note: Pick<RiskNote, 'riskLevel' | 'facts'>,
): Promise<RiskNoteAnswer> {
  const data = await app.platform.graphql<{
    orderRiskAssessmentCreate: { userErrors: { message: string; code: string | null }[] } | null;
  }>(owner.domain, owner.token, RISK_ASSESSMENT_CREATE, {
    input: { orderId: orderGid(orderId), riskLevel: note.riskLevel, facts: note.facts },
  });
  const errors = data.orderRiskAssessmentCreate?.userErrors ?? [];
  if (errors.length === 0) return { kind: 'written' };
  return { kind: 'refused', message: errors.map((e) => e.message).join('; ') };
}
