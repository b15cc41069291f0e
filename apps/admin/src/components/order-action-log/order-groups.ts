// The order log read as the merchant sees it: one line per order with everything done to it,
// and what each entry says beside what it did. A waiting entry says that Gatehouse retries by
// itself, which attempt is next and when (in the merchant's own time), never "try again"
// with nothing to press; a failed one the platform refused for good says what to do in
// Shopify instead of offering Retry. An order offers one button: Retry while it has a failed
// entry Shopify may still accept, else "Retry now" while it waits for an attempt.
import type { OrderActionEntry } from '@gatehouse/contracts';
import { interruptedText } from './interrupted-text.js';

export interface OrderGroup {
  orderId: string;
  orderName: string;
  orderUrl: string;
  riskLevel: string | null;
  /** When the order first entered the log. */
  createdAt: string;
  entries: OrderActionEntry[];
}

/** The page's entries as orders, in the page's order (an order's entries come together). */
export function groupByOrder(entries: OrderActionEntry[]): OrderGroup[] {
  const groups = new Map<string, OrderGroup>();
  for (const entry of entries) {
    const group = groups.get(entry.orderId);
    if (!group) {
      groups.set(entry.orderId, {
        orderId: entry.orderId,
        orderName: entry.orderName,
        orderUrl: entry.orderUrl,
        riskLevel: entry.riskLevel,
        createdAt: entry.createdAt,
        entries: [entry],
      });
      continue;
    }
    group.entries.push(entry);
    group.riskLevel ??= entry.riskLevel;
    if (entry.createdAt < group.createdAt) group.createdAt = entry.createdAt;
    // A check entry stands in for the name until the platform has told it.
    if (entry.action !== 'check') group.orderName = entry.orderName;
  }
  // Once the order was checked and acted on, its closed check entry adds nothing.
  for (const group of groups.values()) {
    const acted = group.entries.some((e) => e.action !== 'check');
    if (acted)
      group.entries = group.entries.filter((e) => !(e.action === 'check' && e.status === 'done'));
  }
  return [...groups.values()];
}

/** Whether two entries were decided by the same feature and filter. */
export const sameSource = (a: OrderActionEntry, b: OrderActionEntry | undefined): boolean =>
  b !== undefined && a.feature === b.feature && a.filterId === b.filterId;

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** That Gatehouse retries a waiting entry by itself: which attempt, of how many, and when. */
export function nextAttemptText(
  next: NonNullable<OrderActionEntry['nextAttempt']>,
  readAt: number,
): string {
  const which = `attempt ${next.attempt} of ${next.of}`;
  if (next.at === null || new Date(next.at).getTime() <= readAt) {
    return `Gatehouse is retrying by itself now (${which}).`;
  }
  return `Gatehouse retries by itself: ${which}, next at ${clock(next.at)}.`;
}

/** What to do in Shopify about what the platform refused for good, by what was refused. */
export function permanentAdvice(action: OrderActionEntry['action']): string {
  const lead = 'Gatehouse does not try again: Shopify would refuse it the same way.';
  switch (action) {
    case 'cancel':
      return `${lead} If the order should still be cancelled, open it in Shopify, deal with what Shopify names (such as its fulfilled items), then cancel it there.`;
    case 'tag':
      return `${lead} Add the tag to the order in Shopify instead.`;
    default:
      return `${lead} Open the order in Shopify to review it there.`;
  }
}

/** The text as a sentence, ending in a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** What an entry says beside what it did, when read at `readAt`; null when nothing. */
export function entryNote(entry: OrderActionEntry, readAt: number): string | null {
  if (entry.retryAt) return interruptedText(entry.retryAt, readAt);
  if (entry.status === 'pending' && entry.nextAttempt) {
    const met = entry.error ? `${sentence(entry.error)} ` : '';
    return `${met}${nextAttemptText(entry.nextAttempt, readAt)}`;
  }
  if (entry.status === 'failed' && entry.permanent) {
    return `${sentence(entry.error ?? 'Shopify refused it')} ${permanentAdvice(entry.action)}`;
  }
  return entry.error;
}

/** The order's one button: which entry it retries, and what it says; null when none. */
export function orderRetry(group: OrderGroup): { id: string; label: string } | null {
  const failed = group.entries.find((e) => e.status === 'failed' && !e.permanent);
  if (failed) return { id: failed.id, label: 'Retry' };
  const waiting = group.entries.find((e) => e.status === 'pending');
  return waiting ? { id: waiting.id, label: 'Retry now' } : null;
}
