// Allowed and blocked visits over the chosen range, bucketed for the chart.
import type { TimeSeries } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';

const noSeries: TimeSeries = { bucket: 'hour', buckets: [] };

export function useTimeSeries(days: number) {
  return useApiQuery('getTimeSeries', { days }, { defaultData: noSeries });
}
