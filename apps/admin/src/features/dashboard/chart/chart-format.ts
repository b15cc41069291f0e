// How the visits chart writes times and counts: axis ticks, a bucket's span for the tooltip
// and the table, in the merchant's time zone.
import type { TimeSeries } from '@gatehouse/contracts';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const hourFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayHourFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
export { formatCount } from '../../../lib/format-count.js';

/** A tick on the time axis: the date at midnight or for day ticks, else the hour. */
export function tickLabel(time: number, unit: 'hour' | 'day'): string {
  const at = new Date(time);
  if (unit === 'day' || (at.getHours() === 0 && at.getMinutes() === 0)) {
    return dayFormat.format(at);
  }
  return hourFormat.format(at);
}

/** "Nov 21, 2:00 PM – 3:00 PM" for an hour, "Nov 21" for a day. */
export function bucketLabel(start: string, bucket: TimeSeries['bucket']): string {
  const at = new Date(start);
  if (Number.isNaN(at.getTime())) return start;
  if (bucket === 'day') return dayFormat.format(at);
  const end = new Date(at.getTime() + 3_600_000);
  return `${dayHourFormat.format(at)} – ${hourFormat.format(end)}`;
}
