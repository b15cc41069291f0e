// An app's own risk assessment of an order (orderRiskAssessmentCreate): checked as the platform
// checks it (an order of the shop, at most 20 facts, not yet fulfilled), then added beside the
// platform's assessments with the app as its provider. The order's recommendation is taken
// again from all its assessments and `orders/risk_assessment_changed` is sent, naming the app.
import type { EmulatorContext } from '../context.js';
import type {
  OrderRecord,
  RiskAssessmentRecord,
  RiskFactRecord,
  RiskLevel,
} from '../state/order-types.js';
import { sendOrderWebhooks } from './order-events.js';
import { recommendationFor } from './risk.js';

/** Facts one assessment may carry; a fact's description is cut at 256 characters. */
export const MAX_RISK_FACTS = 20;
const MAX_FACT_LENGTH = 256;

export type AppRiskErrorCode =
  'INVALID' | 'NOT_FOUND' | 'ORDER_ALREADY_FULFILLED' | 'TOO_MANY_FACTS';

export interface AppRiskError {
  field: string[];
  message: string;
  code: AppRiskErrorCode;
}

const inputField = (name: string) => ['orderRiskAssessmentInput', name];

export function addAppRiskAssessment(
  context: EmulatorContext,
  order: OrderRecord | undefined,
  input: { riskLevel: RiskLevel; facts: RiskFactRecord[] },
): { ok: true; assessment: RiskAssessmentRecord } | { ok: false; error: AppRiskError } {
  if (!order) {
    return {
      ok: false,
      error: { field: inputField('orderId'), message: 'Order does not exist', code: 'NOT_FOUND' },
    };
  }
  if (input.facts.length > MAX_RISK_FACTS) {
    return {
      ok: false,
      error: {
        field: inputField('facts'),
        message: `At most ${MAX_RISK_FACTS} facts can be provided`,
        code: 'TOO_MANY_FACTS',
      },
    };
  }
  if (order.fulfilled) {
    return {
      ok: false,
      error: {
        field: inputField('orderId'),
        message: 'The order is fulfilled and can no longer accept new risk assessments',
        code: 'ORDER_ALREADY_FULFILLED',
      },
    };
  }
  const now = new Date().toISOString();
  const { app } = context;
  const assessment: RiskAssessmentRecord = {
    riskLevel: input.riskLevel,
    facts: input.facts.map((fact) => ({
      description: fact.description.slice(0, MAX_FACT_LENGTH),
      sentiment: fact.sentiment,
    })),
    provider: { title: app.name, handle: app.handle, apiKey: app.clientId },
    createdAt: now,
  };
  order.risk.assessments = [...order.risk.assessments, assessment];
  order.risk.recommendation = recommendationFor(order.risk.assessments);
  order.updatedAt = now;
  context.store.save();
  sendOrderWebhooks(context, order, ['ORDERS_RISK_ASSESSMENT_CHANGED'], assessment);
  return { ok: true, assessment };
}
