// A filter in words, for its card in the list and the log: the mode choices, what it catches
// ("Billing address differs from shipping address AND Order total is greater than 500") and
// what it does.
import {
  cancelReasonLabels,
  describeCondition,
  type AutoCancelActions,
  type FilterMatchInput,
} from '@gatehouse/contracts';

export const MODE_OPTIONS = [
  { label: 'On', value: 'on' },
  { label: 'Monitor only', value: 'monitor' },
  { label: 'Off', value: 'off' },
];

export function describeMatch(match: FilterMatchInput): string {
  const groups = match.groups.map((g) =>
    g.conditions.map(describeCondition).join(g.any ? ' OR ' : ' AND '),
  );
  if (groups.length === 1) return groups[0] ?? '';
  return groups
    .map((text, i) => (match.groups[i]!.conditions.length > 1 ? `(${text})` : text))
    .join(match.any ? ' OR ' : ' AND ');
}

export function describeActions(actions: AutoCancelActions): string {
  const parts: string[] = [];
  if (actions.cancel) {
    const extras = [
      actions.refund && 'refund',
      actions.restock && 'restock',
      actions.notifyCustomer && 'email the customer',
    ].filter(Boolean);
    const reason = cancelReasonLabels[actions.reason].toLowerCase();
    parts.push(`Cancel (${reason}${extras.length > 0 ? `; ${extras.join(', ')}` : ''})`);
  }
  if (actions.tags.length > 0) {
    parts.push(`tag ${actions.tags.map((t) => `"${t}"`).join(', ')}`);
  }
  if (actions.blockIp) parts.push('block the IP address');
  if (actions.blockEmail) parts.push('block the email at checkout');
  const text = parts.join(', then ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
