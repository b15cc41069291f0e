// The dashboard chart: allowed and blocked visits over time, by hour or by day.
import { z } from 'zod';
import { reportRanges } from './account.js';
import { visitorLogMessages as m } from './visitor-log-messages.js';

export const timeSeriesRequest = z.object({
  days: z.coerce
    .number({ error: m.days })
    .refine((d) => (reportRanges as readonly number[]).includes(d), m.days)
    .default(1),
});
export const timeSeriesBucket = z.object({
  /** ISO start of the bucket (UTC hour, or UTC day). */
  start: z.string(),
  /** Protected page views that were let in. */
  allowed: z.number(),
  /** Visits blocked or redirected by any blocker. */
  blocked: z.number(),
});
export const timeSeries = z.object({
  /** Hourly buckets for 1 and 3 days, daily for 7 and 30; oldest first, empty ones included. */
  bucket: z.enum(['hour', 'day']),
  buckets: z.array(timeSeriesBucket),
});
export type TimeSeries = z.infer<typeof timeSeries>;
