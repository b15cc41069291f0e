// What the legacy list's page says of entry kinds and of a migration's outcome for one entry.
import type { LegacyKind, LegacyMoveItem } from '@gatehouse/contracts';

export const kindLabels: Record<LegacyKind, string> = {
  ip: 'IP address',
  country: 'Country',
  email: 'Email',
};

export const kindFields: Record<LegacyKind, { label: string; placeholder: string }> = {
  ip: { label: 'IP address or CIDR range', placeholder: '203.0.113.7 or 2001:db8::/32' },
  country: { label: 'Country code', placeholder: 'US, DE, FR…' },
  email: { label: 'Email', placeholder: 'buyer@example.com' },
};

/** What happens to the entry, before the move ('will') or after it ('did'). */
export function outcomeText(item: LegacyMoveItem, tense: 'will' | 'did'): string {
  if (item.outcome === 'move') {
    return `${tense === 'will' ? 'Moves' : 'Moved'} to ${item.target ?? ''}`;
  }
  if (item.outcome === 'present') {
    return `Already in ${item.target ?? ''}: ${tense === 'will' ? 'removed' : 'taken out'} here`;
  }
  return item.reason ?? 'Stays here';
}

/** How many entries move, are already there, and stay. */
export function outcomeCounts(items: readonly LegacyMoveItem[]) {
  const count = (o: LegacyMoveItem['outcome']) => items.filter((i) => i.outcome === o).length;
  return { move: count('move'), present: count('present'), stay: count('stay') };
}

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** "2 entries moved to their new blockers; 1 entry was already there." and so on. */
export function movedSummary(counts: ReturnType<typeof outcomeCounts>): string {
  const parts = [
    counts.move > 0 ? `${entries(counts.move)} moved to their new blockers` : null,
    counts.present > 0
      ? `${entries(counts.present)} ${counts.present === 1 ? 'was' : 'were'} already there and left this list`
      : null,
    counts.stay > 0 ? `${entries(counts.stay)} stayed here` : null,
  ].filter((p) => p !== null);
  return `${parts.join('; ')}.`;
}
