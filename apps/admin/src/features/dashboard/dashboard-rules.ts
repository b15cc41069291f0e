// The dashboard's small rules: stat captions and the Pay-as-you-go usage bar.
import { PAYG_USAGE_FULL } from '../../lib/constants.js';

export const PAGE_VIEWS_BLOCKED = 'Page views blocked';

/** Fraud Protect's caption: plural only above one. */
export function fraudProtectCaption(count: number): string {
  return count > 1 ? 'Orders cancelled' : 'Order cancelled';
}

/** usage × 100 / 4000, kept within the bar (0–100). */
export function usagePercent(usage: number): number {
  const percent = (usage * 100) / PAYG_USAGE_FULL;
  if (!Number.isFinite(percent) || percent < 0) return 0;
  return Math.min(100, percent);
}
