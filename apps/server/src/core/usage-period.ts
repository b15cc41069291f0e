// The 30-day period usage is counted in, anchored on an install (or a Pay-As-You-Go
// activation): the dashboard shows the current period's numbers, billing meters it.
const HOUR_MS = 60 * 60 * 1000;
export const USAGE_PERIOD_MS = 30 * 24 * HOUR_MS;

/** Start of the 30-day billing-style period, counted from the install, that holds `now`. */
export function usagePeriodStart(installedAt: Date, now: Date): Date {
  const elapsed = Math.max(0, now.getTime() - installedAt.getTime());
  return new Date(installedAt.getTime() + Math.floor(elapsed / USAGE_PERIOD_MS) * USAGE_PERIOD_MS);
}
