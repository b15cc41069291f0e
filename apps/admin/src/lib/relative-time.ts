// The one relative-time helper: English, "3 days ago", "in 2 hours", "just now", "yesterday",
// through Intl.RelativeTimeFormat.
const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** Below this distance a time reads "just now", whichever side of now it lies. */
const JUST_NOW_S = 45;

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(
  time: Date | number | string,
  now: Date | number = Date.now(),
): string {
  const then = new Date(time).getTime();
  const seconds = (then - new Date(now).getTime()) / 1000;
  if (!Number.isFinite(seconds)) return '';
  if (Math.abs(seconds) < JUST_NOW_S) return 'just now';
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return formatter.format(Math.round(seconds / size), unit);
  }
  return formatter.format(Math.round(seconds / 60) || Math.sign(seconds), 'minute');
}

/** A "last hit" column: "Never" for an entry no visit has matched yet. */
export function lastHitText(lastHitAt: string | null, now: number = Date.now()): string {
  return lastHitAt === null ? 'Never' : relativeTime(lastHitAt, now);
}
