// Order risk as the platform's fraud analysis reports it: assessments (a level and the facts
// behind it) and one recommendation for the order. The emulator's own analysis reads what a
// checkout knows: the test card's answer from the payment processor and whether the billing
// and shipping addresses agree. Tests and demos can also give an order any level directly.
import type { EmulatorContext } from '../context.js';
import type {
  AddressRecord,
  OrderRecord,
  RiskAssessmentRecord,
  RiskFactRecord,
  RiskLevel,
  RiskRecommendation,
} from '../state/order-types.js';
import { sendOrderWebhooks } from './order-events.js';

/** What the payment processor said about the card (the test cards in checkout-cards.ts). */
export type CardSignal = 'elevated' | 'highest' | null;

const SEVERITY: Record<RiskLevel, number> = { PENDING: -1, NONE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };

export function analyseRisk(input: {
  billingAddress: AddressRecord | null;
  shippingAddress: AddressRecord | null;
  card: CardSignal;
}): { riskLevel: RiskLevel; facts: RiskFactRecord[] } {
  const facts: RiskFactRecord[] = [];
  let level: RiskLevel = 'LOW';
  const raise = (to: RiskLevel) => {
    if (SEVERITY[to] > SEVERITY[level]) level = to;
  };
  if (input.card === 'highest') {
    facts.push({
      description: 'The card was used in orders the payment processor reported as fraudulent',
      sentiment: 'NEGATIVE',
    });
    raise('HIGH');
  } else if (input.card === 'elevated') {
    facts.push({
      description: 'The payment processor rated this card as elevated risk',
      sentiment: 'NEGATIVE',
    });
    raise('MEDIUM');
  }
  const { billingAddress: billing, shippingAddress: shipping } = input;
  if (billing && shipping) {
    if (billing.countryCode !== shipping.countryCode) {
      facts.push({
        description: 'The billing address is in a different country than the shipping address',
        sentiment: 'NEGATIVE',
      });
      raise('MEDIUM');
    } else if (sameAddress(billing, shipping)) {
      facts.push({
        description: 'The billing address matches the shipping address',
        sentiment: 'POSITIVE',
      });
    }
  }
  if (facts.every((fact) => fact.sentiment !== 'NEGATIVE')) {
    facts.push({
      description: 'No signs of fraud were found in the payment or the addresses',
      sentiment: 'POSITIVE',
    });
  }
  return { riskLevel: level, facts };
}

function sameAddress(a: AddressRecord, b: AddressRecord): boolean {
  const key = (x: AddressRecord) =>
    [x.address1, x.address2 ?? '', x.city, x.zip, x.countryCode].join('|').toLowerCase();
  return key(a) === key(b);
}

/** The order's recommendation: from its most severe finished assessment. */
export function recommendationFor(assessments: RiskAssessmentRecord[]): RiskRecommendation {
  let worst: RiskLevel | null = null;
  for (const assessment of assessments) {
    if (assessment.riskLevel === 'PENDING') continue;
    if (worst === null || SEVERITY[assessment.riskLevel] > SEVERITY[worst]) {
      worst = assessment.riskLevel;
    }
  }
  if (worst === 'HIGH') return 'CANCEL';
  if (worst === 'MEDIUM') return 'INVESTIGATE';
  return worst === null ? 'NONE' : 'ACCEPT';
}

/** The order's current level for lists: its most severe assessment, or PENDING. */
export function currentRiskLevel(order: OrderRecord): RiskLevel {
  let level: RiskLevel = 'PENDING';
  for (const assessment of order.risk.assessments) {
    if (SEVERITY[assessment.riskLevel] > SEVERITY[level]) level = assessment.riskLevel;
  }
  return level;
}

/**
 * Adds the platform's finished assessment to an order (replacing its pending one), updates the
 * recommendation and sends `orders/risk_assessment_changed`. New assessments are accepted
 * until the order is fulfilled, as on the platform.
 */
export function assessOrder(
  context: EmulatorContext,
  order: OrderRecord,
  assessment: { riskLevel: RiskLevel; facts: RiskFactRecord[] },
): boolean {
  if (order.fulfilled) return false;
  const now = new Date().toISOString();
  const record: RiskAssessmentRecord = {
    riskLevel: assessment.riskLevel,
    facts: assessment.facts.slice(0, 20).map((fact) => ({
      description: fact.description.slice(0, 256),
      sentiment: fact.sentiment,
    })),
    provider: null,
    createdAt: now,
  };
  // The platform's pending assessment is the one this finishes; apps' assessments stay.
  const kept = order.risk.assessments.filter(
    (a) => a.provider !== null || a.riskLevel !== 'PENDING',
  );
  order.risk.assessments = [...kept, record];
  order.risk.recommendation = recommendationFor(order.risk.assessments);
  order.updatedAt = now;
  context.store.save();
  if (record.riskLevel !== 'PENDING') {
    sendOrderWebhooks(context, order, ['ORDERS_RISK_ASSESSMENT_CHANGED'], record);
  }
  return true;
}
