// Pure rules of the IP list pages: the plan cap line, expiry dates between the date field and
// the wire, and how the table shows times.
import { countOf, formatCount } from '../../lib/format-count.js';

/** "12 of 20 entries" under a capped plan, "3,005 entries" otherwise. */
export function capText(total: number, limit: number | null): string {
  if (limit === null) return countOf(total, 'entry', 'entries');
  return `${formatCount(total)} of ${countOf(limit, 'entry', 'entries')}`;
}

export function capReached(total: number, limit: number | null): boolean {
  return limit !== null && total >= limit;
}

/**
 * A date field's `YYYY-MM-DD` as the expiry instant: the end of that day in the merchant's
 * time zone, so an entry "expiring on the 31st" still applies all that day. Empty → none.
 */
export function expiryFromDate(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const at = new Date(y, m - 1, d, 23, 59, 59, 0);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The wire expiry as the date field's value, in the merchant's time zone. */
export function dateFromExpiry(expiresAt: string | null): string {
  if (expiresAt === null) return '';
  const at = new Date(expiresAt);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function formatDate(time: string): string {
  const at = new Date(time);
  return Number.isNaN(at.getTime()) ? '' : dateFormat.format(at);
}

/** The expiry column: "Never", "Expired", or the date. */
export function expiryText(expiresAt: string | null, now: number = Date.now()): string {
  if (expiresAt === null) return 'Never';
  const at = new Date(expiresAt).getTime();
  if (Number.isNaN(at)) return '';
  return at <= now ? 'Expired' : formatDate(expiresAt);
}
