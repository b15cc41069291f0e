// The action filter's choices: the contract's filter values in the words of the table's badges.
import type { VisitActionFilter } from '@gatehouse/contracts';

export const actionFilterLabels: Record<VisitActionFilter, string> = {
  allow: 'Allowed',
  block: 'Blocked',
  redirect: 'Redirected',
  monitor: 'Would block (monitor)',
};

export const actionFilterOptions = (
  Object.entries(actionFilterLabels) as [VisitActionFilter, string][]
).map(([value, label]) => ({ value, label }));
