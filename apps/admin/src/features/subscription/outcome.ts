// What the page says when the platform sends the merchant back (`?outcome=`), by outcome.
import type { PlanView } from '@gatehouse/contracts';

export type OutcomeTone = 'success' | 'warning' | 'critical';

export function outcomeBanner(
  outcome: string | null,
  planName: string,
): { tone: OutcomeTone; title: string; body?: string } | null {
  switch (outcome) {
    case 'activated':
      return { tone: 'success', title: `Your ${planName} plan is active.` };
    case 'declined':
      return { tone: 'warning', title: 'You declined the charge. Nothing has changed.' };
    case 'pending':
      return {
        tone: 'critical',
        title: 'Your approval has not reached us yet.',
        body: 'Reload this page in a minute. If the plan is still not active, choose it again or contact us.',
      };
    case 'failed':
      return {
        tone: 'critical',
        title: 'We could not confirm your subscription.',
        body: 'Choose the plan again to retry. If this keeps happening, contact us and we will sort it out.',
      };
    default:
      return null;
  }
}

export function priceText(plan: Pick<PlanView, 'price'>): string {
  return plan.price === 0 ? 'Free' : `$${plan.price.toFixed(2)} / 30 days`;
}
