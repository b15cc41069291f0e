// What the replay of a change says to the merchant: one headline (what the change would have
// blocked, or let in, in the last 7 days) and the details that qualify it (the other way, monitor
// mode, what the settings block as they are, and a replay that stopped short of 7 days).
import type { RuleCostResult, VisitTally } from '@gatehouse/contracts';
import { countOf, formatCount } from '../../lib/format-count.js';

/** "12 visits (3 visitors)". */
export const tallyText = (t: VisitTally) =>
  `${countOf(t.visits, 'visit', 'visits')} (${countOf(t.visitors, 'visitor', 'visitors')})`;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

export function costText(r: RuleCostResult): { headline: string; details: string[] } {
  const details: string[] = [];
  let headline: string;
  if (r.blocked.visits > 0) {
    headline = `Would have blocked ${tallyText(r.blocked)} in the last 7 days.`;
    if (r.released.visits > 0) {
      details.push(`It would also have let in ${tallyText(r.released)} that were blocked.`);
    }
  } else if (r.released.visits > 0) {
    headline = `Would have let in ${tallyText(r.released)} in the last 7 days that were blocked.`;
  } else {
    headline = `Would not have changed what happened to any of the ${countOf(r.replayed, 'visit', 'visits')} of the last 7 days.`;
    if (r.total.visits > 0) details.push(`As they are, these rules blocked ${tallyText(r.total)}.`);
  }
  if (r.monitored.visits > 0) {
    details.push(
      `Monitor mode: ${tallyText(r.monitored)} would be recorded as “would block” and let in.`,
    );
  }
  if (r.bounded === 'visits') {
    details.push(
      `Only the newest ${formatCount(r.replayed)} visits were replayed, back to ${day(r.from)}.`,
    );
  } else if (r.bounded === 'time') {
    details.push(
      `Only the newest ${formatCount(r.replayed)} visits could be replayed in time, back to ${day(r.from)}.`,
    );
  }
  return { headline, details };
}
