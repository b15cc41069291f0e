// How many access requests each rule drew this week (blocked shoppers who asked to be let in):
// the sign a rule turns real customers away. Rules show it beside their own hits.
import { useApiQuery } from './api-query.js';

export function useAccessRequestCounts(): Readonly<Record<string, number>> {
  return useApiQuery('accessRequestCounts', {}, { defaultData: { counts: {} } }).data.counts;
}

/** "2 access requests this week", or null for a rule that drew none. */
export function accessRequestsText(count: number | undefined): string | null {
  if (!count) return null;
  return `${count.toLocaleString('en-US')} access ${count === 1 ? 'request' : 'requests'} this week`;
}
