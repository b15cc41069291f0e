// How a storefront decision reads in the admin: the action as a Badge (allowed, blocked,
// redirected, would block) and the rule that decided, with the page where that rule lives
// (the server names both, from the blocker that owns the rule). Shared by the visitor logs
// and the IP lookup, which show the same decisions.
import type { BadgeProps } from '@shopify/polaris';
import type { MonitorRule, VisitRule, VisitView } from '@gatehouse/contracts';

export interface ActionBadge {
  label: string;
  tone: NonNullable<BadgeProps['tone']>;
}

type Decision = Pick<VisitView, 'action' | 'rule' | 'monitor'>;

/**
 * What was done; a visitor let in only because the rule that matched is in monitor mode
 * reads "Would block" (or "Would redirect"), since that is what the merchant is trying out.
 */
export function actionBadge({ action, monitor }: Decision): ActionBadge {
  if (action === 'block') return { label: 'Blocked', tone: 'critical' };
  if (action === 'redirect') return { label: 'Redirected', tone: 'warning' };
  if (monitor) {
    if (monitor.action === 'redirect') return { label: 'Would redirect', tone: 'attention' };
    if (monitor.action === 'block') return { label: 'Would block', tone: 'attention' };
    // A visit recorded before visits kept what the monitored rule would have done.
    return { label: 'Monitored', tone: 'attention' };
  }
  return { label: 'Allowed', tone: 'success' };
}

export interface RuleLine {
  label: string;
  url: string | null;
}

/**
 * The rule to name for a decision: the one that decided, else the monitored one that
 * matched, else none (every visitor is let in unless a rule says otherwise).
 */
export function decidingRule({ rule, monitor }: Decision): RuleLine {
  const named: VisitRule | MonitorRule | null = rule ?? monitor;
  if (!named) return { label: 'No rule matched', url: null };
  const label = rule ? named.label : `${named.label} (monitor only)`;
  return { label, url: named.page };
}
