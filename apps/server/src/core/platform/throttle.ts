// GraphQL's cost throttle: the platform answers THROTTLED (with HTTP 200) when the shop's
// bucket of query points cannot pay for a query, and reports in extensions.cost how many
// points the query needs, how many are left and how fast they come back. The wait until the
// bucket holds enough is (needed - available) / restoreRate seconds.
import { z } from 'zod';

/** If nothing says how long to wait, one second restores a typical query's points. */
const UNKNOWN_WAIT_MS = 1000;

const throttledAnswer = z.object({
  errors: z.object({
    graphQLErrors: z
      .array(z.object({ extensions: z.object({ code: z.string() }).partial().optional() }))
      .optional(),
  }),
  extensions: z
    .object({
      cost: z.object({
        requestedQueryCost: z.number().nullable().optional(),
        throttleStatus: z.object({
          currentlyAvailable: z.number(),
          restoreRate: z.number().positive(),
        }),
      }),
    })
    .optional(),
});

/** How long to wait before repeating a THROTTLED query; null when the answer is not THROTTLED. */
export function throttleWaitMs(body: unknown): number | null {
  const parsed = throttledAnswer.safeParse(body);
  if (!parsed.success) return null;
  const { errors, extensions } = parsed.data;
  if (!errors.graphQLErrors?.some((e) => e.extensions?.code === 'THROTTLED')) return null;
  const cost = extensions?.cost;
  if (!cost) return UNKNOWN_WAIT_MS;
  const needed = cost.requestedQueryCost ?? 0;
  const missing = Math.max(0, needed - cost.throttleStatus.currentlyAvailable);
  return Math.ceil((missing / cost.throttleStatus.restoreRate) * 1000);
}
