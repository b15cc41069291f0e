// The visitor log's calls (/visitors): its pages of visits and its one-click quick actions,
// with the IP lookup's and the dashboard chart's calls beside them.
import { isIp } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { ipLookupQuery, ipLookupResult } from './ip-lookup.js';
import { cleanText } from './hygiene.js';
import type { ListBlockerManifest } from './list-blocker.js';
import { listBlockers } from './list-blockers.js';
import { timeSeries, timeSeriesRequest } from './time-series.js';
import { visitListQuery } from './visit-filters.js';
import { visitBotCategory, visitCrawlerCheck, visitNetworkKind } from './visit-network.js';
import { monitorRule, visitActions, visitRule } from './visit-rule.js';
import { visitorLogMessages as m } from './visitor-log-messages.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const visitView = z.object({
  /** Stable id (a decimal string). */
  id: z.string(),
  /** ISO time of the decision. */
  time: z.string(),
  ip: z.string(),
  /** ISO alpha-2, null when unknown (private or unlisted address). */
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  asn: z.number().nullable(),
  org: z.string().nullable(),
  url: z.string(),
  referrer: z.string(),
  userAgent: z.string(),
  /** Parsed from the user agent: "Chrome on Windows", "Safari on iPhone", "Googlebot"… */
  device: z.string(),
  /** What was done. */
  action: z.enum(visitActions),
  /** The rule that decided; null when no rule matched (allowed by default). */
  rule: visitRule.nullable(),
  /** A monitored rule that would have blocked; null when none matched. */
  monitor: monitorRule.nullable(),
  /** The kinds of network the address belonged to when decided (none for a visit before). */
  network: z.array(visitNetworkKind),
  /** The Bot Blocker category the user agent fell in; null for none. */
  botCategory: visitBotCategory.nullable(),
  /** A claimed search-engine crawler from its engine's network, or not; null for no claim. */
  crawler: visitCrawlerCheck.nullable(),
  /** Switches that were on but could not see this visit: their list was missing. */
  notEnforced: z.array(z.string()),
});
export type VisitView = z.infer<typeof visitView>;

export const visitPage = z.object({
  /** Newest first (time desc, id desc). */
  visits: z.array(visitView),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * Set when a "URL contains" search stopped before filling the page (each page examines a
   * bounded number of visits): the time (ISO) of the oldest visit it examined. Older visits
   * are searched from nextCursor.
   */
  searchedTo: z.string().nullable(),
});
export type VisitPage = z.infer<typeof visitPage>;

// ---------------------------------------------------------------- quick actions

/**
 * One click on a log row. `blockIp` adds the address to the IP block list, `allowIp` to the
 * allow list, `blockCountry` adds the country to a blacklist-mode Country Blocker (or removes
 * it from a whitelist); a list blocker's action (its manifest's `quickAction`) adds the
 * visit's value, read by the manifest's `quickEntry` or `entry`, to that list (a paid list
 * blocker's answers 403 on a plan without it).
 */
type ListBlockerQuickAction = NonNullable<(typeof listBlockers)[number]['quickAction']>;
export type QuickAction = 'blockIp' | 'allowIp' | 'blockCountry' | ListBlockerQuickAction;
export const quickActions = [
  'blockIp',
  'allowIp',
  'blockCountry',
  ...listBlockers
    .map((mf) => mf.quickAction)
    .filter((action): action is ListBlockerQuickAction => action !== undefined),
] as const satisfies readonly QuickAction[];

/** The list blocker a quick action adds to; undefined for the others. */
const listBlockerOf = (action: QuickAction): ListBlockerManifest | undefined =>
  listBlockers.find((mf) => mf.quickAction === action);

export const quickActionRequest = z
  .object({
    action: z.enum(quickActions, { error: m.quickAction }),
    value: z
      .string({ error: m.quickValueIp })
      .trim()
      .max(300, m.quickValueTooLong)
      .superRefine(cleanText('The value')),
  })
  .superRefine((r, ctx) => {
    const listBlocker = listBlockerOf(r.action);
    if (listBlocker) {
      const issue = (listBlocker.quickEntry ?? listBlocker.entry).safeParse(r.value).error
        ?.issues[0];
      if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
    } else if (r.action === 'blockCountry') {
      if (!/^[A-Za-z]{2}$/.test(r.value))
        ctx.addIssue({ code: 'custom', message: m.quickValueCountry });
    } else if (!isIp(r.value)) {
      ctx.addIssue({ code: 'custom', message: m.quickValueIp });
    }
  });
export type QuickActionRequest = z.input<typeof quickActionRequest>;

export const quickActionResult = z.object({
  /** False when the rules already did this (the entry or country was there). */
  changed: z.boolean(),
  /** A sentence for a toast: "203.0.113.7 was added to the IP block list." */
  message: z.string(),
});
export type QuickActionResult = z.infer<typeof quickActionResult>;

// ---------------------------------------------------------------- the calls

export const visitorLogApi = {
  listVisits: call({
    method: 'GET',
    path: '/api/visitors/list',
    request: visitListQuery,
    response: visitPage,
  }),
  visitQuickAction: call({
    method: 'POST',
    path: '/api/visitors/quickAction',
    request: quickActionRequest,
    response: quickActionResult,
  }),
  lookupIp: call({
    method: 'GET',
    path: '/api/iplookup/lookup',
    request: ipLookupQuery,
    response: ipLookupResult,
  }),
  getTimeSeries: call({
    method: 'GET',
    path: '/api/dashboard/getTimeSeries',
    request: timeSeriesRequest,
    response: timeSeries,
  }),
} as const;
