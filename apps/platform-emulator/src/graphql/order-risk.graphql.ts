// orderRiskAssessmentCreate (write_orders): an app writes its own risk assessment of an order,
// with its level and up to 20 facts; refusals come back as userErrors with a code and the
// input field they are about. The rules are in orders/app-risk-assessment.ts.
import { addAppRiskAssessment } from '../orders/app-risk-assessment.js';
import type { RiskFactRecord, RiskLevel } from '../state/order-types.js';
import { parseGid, requireScope, type GraphqlDomain } from './domain.js';
import { assessmentNode } from './order-nodes.js';

const typeDefs = /* GraphQL */ `
  input OrderRiskAssessmentFactInput {
    description: String!
    sentiment: RiskFactSentiment!
  }

  input OrderRiskAssessmentCreateInput {
    facts: [OrderRiskAssessmentFactInput!]!
    orderId: ID!
    riskLevel: RiskAssessmentResult!
  }

  enum OrderRiskAssessmentCreateUserErrorCode {
    INVALID
    NOT_FOUND
    ORDER_ALREADY_FULFILLED
    TOO_MANY_FACTS
  }

  type OrderRiskAssessmentCreateUserError {
    code: OrderRiskAssessmentCreateUserErrorCode
    field: [String!]
    message: String!
  }

  type OrderRiskAssessmentCreatePayload {
    orderRiskAssessment: OrderRiskAssessment
    userErrors: [OrderRiskAssessmentCreateUserError!]!
  }

  extend type Mutation {
    orderRiskAssessmentCreate(
      orderRiskAssessmentInput: OrderRiskAssessmentCreateInput!
    ): OrderRiskAssessmentCreatePayload
  }
`;

interface CreateInput {
  orderId: string;
  riskLevel: RiskLevel;
  facts: RiskFactRecord[];
}

export const orderRiskDomain: GraphqlDomain = {
  typeDefs,
  mutation: {
    orderRiskAssessmentCreate: (args: { orderRiskAssessmentInput: CreateInput }, context) => {
      requireScope(context, 'write_orders', 'orderRiskAssessmentCreate');
      const input = args.orderRiskAssessmentInput;
      const orderId = parseGid('Order', input.orderId);
      const order = context.emulator.store.state.orders.find(
        (o) => o.shop === context.shop.domain && o.id === orderId,
      );
      const result = addAppRiskAssessment(context.emulator, order, input);
      return result.ok
        ? { orderRiskAssessment: assessmentNode(result.assessment), userErrors: [] }
        : { orderRiskAssessment: null, userErrors: [result.error] };
    },
  },
};
