// What decided a visit and what was done: the vocabulary the visitor log, its filters and the
// IP lookup share.
import { z } from 'zod';

/** What decided a visit: a stored rule or a built-in switch, with a readable label. */
export const visitRule = z.object({
  /**
   * The rule's id: a list entry's uuid (IP, ISP/ASN, referrer), `country`, `app-disabled` or
   * `admin-access`.
   */
  id: z.string(),
  /** The engine's rule kind (`ip-block`, `country`, `referrer`…) or `app-disabled`, `admin-access`. */
  kind: z.string(),
  /**
   * e.g. "IP block list: 203.0.113.0/24", "Country Blocker (blacklist)", "ISP/ASN Blocker:
   * AS15169", "App disabled".
   */
  label: z.string(),
  /**
   * The blocker's mode when it decided (`whitelist`, `blacklist`), for a blocker that has one;
   * null otherwise, and for a visit recorded before visits kept it.
   */
  mode: z.string().nullable(),
  /** The admin page where the rule is changed, e.g. `/regionBlocker`. */
  page: z.string(),
});
export type VisitRule = z.infer<typeof visitRule>;

/**
 * A monitored rule that matched: what it would have done (null for a visit recorded before
 * visits kept it); the visitor was not stopped by it.
 */
export const monitorRule = visitRule.extend({ action: z.enum(['block', 'redirect']).nullable() });
export type MonitorRule = z.infer<typeof monitorRule>;

export const visitActions = ['allow', 'block', 'redirect'] as const;
export const visitActionFilters = [...visitActions, 'monitor'] as const;
export type VisitActionFilter = (typeof visitActionFilters)[number];

export const visitRanges = ['1h', '24h', '7d', '30d'] as const;
export type VisitRange = (typeof visitRanges)[number];
