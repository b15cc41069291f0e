// Allowed and blocked visits over the chosen range, bucketed for the chart.
import type { TimeSeries } from '@gatehouse/contracts';
import { prefetchApiQuery, useApiQuery } from '../../../lib/api-query.js';

const noSeries: TimeSeries = { bucket: 'hour', buckets: [] };

const CALL = 'getTimeSeries';

export function useTimeSeries(days: number) {
  return useApiQuery(CALL, { days }, { defaultData: noSeries });
}

/** Starts the chart's data early, as the app opens on the dashboard. */
export const prefetchTimeSeries = (days: number) => prefetchApiQuery(CALL, { days });
