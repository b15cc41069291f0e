// Visitor logs, IP address lookup and the dashboard chart: the filters and pages of
// `/visitors`, its one-click quick actions and CSV export, `/iplookup`, and allowed/blocked
// visits over time. Addresses, ranges and AS numbers are checked with the engine's parsers,
// so the admin's fields, these schemas and the server agree, with the same messages.
import { isIp, parseAsn, parseIpRange } from '@gatehouse/engine/values';
import { z } from 'zod';
import { reportRanges } from './account.js';
import type { ApiCall } from './api.js';
import { cleanText, dateProblem, isVisitCursor } from './hygiene.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const visitorLogMessages = {
  action: 'Choose allow, block, redirect or monitor.',
  country: 'The country must be a two-letter code, like US or DE.',
  ipFilter: 'Enter an IP address or CIDR range, like 203.0.113.7 or 203.0.113.0/24.',
  asn: 'The ASN must be a number, like 15169 or AS15169.',
  url: 'The URL filter can be at most 200 characters.',
  time: 'Times must be dates and times, like 2030-01-31T00:00:00Z.',
  timeOrder: 'The start of the time range must be before its end.',
  range: 'Choose a time range of 1h, 24h, 7d or 30d.',
  cursor: 'The page cursor is not valid.',
  limit: 'A page holds 1 to 200 visits.',
  lookupIp: 'Enter a valid IPv4 or IPv6 address.',
  quickAction: 'Choose block IP, allow IP, block country or block ASN.',
  quickValueIp: 'Enter a valid IPv4 or IPv6 address.',
  quickValueCountry: 'The country must be a two-letter code, like US or DE.',
  quickValueAsn: 'The ASN must be a number from 1 to 4294967295, like 15169 or AS15169.',
  whitelistLast:
    'This country is the only one your whitelist allows; blocking it would leave the whitelist empty. Change the Country Blocker instead.',
  days: 'Report range must be 1, 3, 7 or 30 days.',
} as const;
const m = visitorLogMessages;

// ---------------------------------------------------------------- shared pieces

/** One address or CIDR range, read as the engine reads rules and the server reads filters. */
const isIpOrCidr = (text: string) => parseIpRange(text).ok;

/** What decided a visit: a stored rule or a built-in switch, with a readable label. */
export const visitRule = z.object({
  /**
   * The rule's id: an IP entry's or ISP/ASN entry's uuid, `country`, `app-disabled` or
   * `admin-access`.
   */
  id: z.string(),
  kind: z.enum([
    'ip-allow',
    'ip-block',
    'country',
    'asn',
    'referrer',
    'app-disabled',
    'admin-access',
  ]),
  /**
   * e.g. "IP block list: 203.0.113.0/24", "Country Blocker (blacklist)", "ISP/ASN Blocker:
   * AS15169", "App disabled".
   */
  label: z.string(),
});
export type VisitRule = z.infer<typeof visitRule>;

/** A monitored rule that matched: what it would have done; the visitor was not stopped by it. */
export const monitorRule = visitRule.extend({ action: z.enum(['block', 'redirect']) });
export type MonitorRule = z.infer<typeof monitorRule>;

export const visitActions = ['allow', 'block', 'redirect'] as const;
export const visitActionFilters = [...visitActions, 'monitor'] as const;
export type VisitActionFilter = (typeof visitActionFilters)[number];

export const visitRanges = ['1h', '24h', '7d', '30d'] as const;
export type VisitRange = (typeof visitRanges)[number];

const isoTime = z
  .string({ error: m.time })
  .max(40, m.time)
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), m.time)
  .superRefine((v, ctx) => {
    const problem = dateProblem(v, 'The time range');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

// ---------------------------------------------------------------- list and export

/** Filters shared by the list and the export. All optional; absent = no filter. */
export const visitFilters = z
  .object({
    /** `monitor`: visits a monitored rule would have blocked (whatever was done). */
    action: z.enum(visitActionFilters, { error: m.action }).optional(),
    country: z
      .string({ error: m.country })
      .trim()
      .regex(/^[A-Za-z]{2}$/, m.country)
      .transform((v) => v.toUpperCase())
      .optional(),
    /** One address, or a CIDR range (every visit from inside it). */
    ip: z
      .string({ error: m.ipFilter })
      .trim()
      .max(64, m.ipFilter)
      .refine(isIpOrCidr, m.ipFilter)
      .optional(),
    /** `15169` or `AS15169`. */
    asn: z
      .string({ error: m.asn })
      .trim()
      .transform(
        (v, ctx) => parseAsn(v) ?? (ctx.addIssue({ code: 'custom', message: m.asn }), z.NEVER),
      )
      .optional(),
    /** Part of the visited URL (case-insensitive). */
    url: z
      .string({ error: m.url })
      .trim()
      .max(200, m.url)
      .superRefine(cleanText('The URL filter'))
      .optional(),
    /** A preset range ending now; ignored when `from` or `to` is given. */
    range: z.enum(visitRanges, { error: m.range }).optional(),
    /** Inclusive start, ISO time. */
    from: isoTime.optional(),
    /** Exclusive end, ISO time. */
    to: isoTime.optional(),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to), {
    message: m.timeOrder,
  });
export type VisitFilters = z.input<typeof visitFilters>;

export const visitListQuery = z
  .object({
    action: z.enum(visitActionFilters, { error: m.action }).optional(),
    country: z.string({ error: m.country }).optional(),
    ip: z.string({ error: m.ipFilter }).optional(),
    asn: z.string({ error: m.asn }).optional(),
    url: z.string({ error: m.url }).optional(),
    range: z.enum(visitRanges, { error: m.range }).optional(),
    from: z.string({ error: m.time }).optional(),
    to: z.string({ error: m.time }).optional(),
    /** The `nextCursor` of the previous page (opaque). */
    cursor: z
      .string({ error: m.cursor })
      .max(200, m.cursor)
      .refine(isVisitCursor, m.cursor)
      .optional(),
    limit: z.coerce
      .number({ error: m.limit })
      .int(m.limit)
      .min(1, m.limit)
      .max(200, m.limit)
      .optional()
      .default(50),
  })
  .transform((q, ctx) => {
    const { cursor, limit, ...rest } = q;
    const parsed = visitFilters.safeParse(rest);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? m.ipFilter });
      return z.NEVER;
    }
    return { ...parsed.data, cursor, limit };
  });
export type VisitListQuery = z.input<typeof visitListQuery>;

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

/**
 * CSV export of the filtered visits: `GET /api/visitors/export?<same filters as the list>` with
 * the session's bearer token answers a streamed `text/csv` attachment (feature `csvExport`;
 * 403 on a plan without it). Columns: {@link visitExportColumns}. The response carries the
 * number of rows in {@link VISIT_EXPORT_COUNT_HEADER} before the body, for a progress bar.
 */
export const VISIT_EXPORT_PATH = '/api/visitors/export';
export const VISIT_EXPORT_COUNT_HEADER = 'x-total-rows';
export const visitExportColumns = [
  'time',
  'ip',
  'country',
  'region',
  'city',
  'asn',
  'org',
  'url',
  'referrer',
  'user_agent',
  'device',
  'action',
  'rule',
  'monitor',
] as const;
export const visitExportQuery = visitListQuery;

// ---------------------------------------------------------------- quick actions

/**
 * One click on a log row. `blockIp` adds the address to the IP block list, `allowIp` to the
 * allow list, `blockCountry` adds the country to a blacklist-mode Country Blocker (or removes
 * it from a whitelist), `blockAsn` adds the network's ASN ("15169" or "AS15169") to the
 * ISP/ASN Blocker (plan feature asnBlocker: 403 on a plan without it).
 */
export const quickActions = ['blockIp', 'allowIp', 'blockCountry', 'blockAsn'] as const;
export type QuickAction = (typeof quickActions)[number];

export const quickActionRequest = z
  .object({
    action: z.enum(quickActions, { error: m.quickAction }),
    value: z
      .string({ error: m.quickValueIp })
      .trim()
      .max(64, m.quickValueIp)
      .superRefine(cleanText('The value')),
  })
  .superRefine((r, ctx) => {
    if (r.action === 'blockCountry') {
      if (!/^[A-Za-z]{2}$/.test(r.value))
        ctx.addIssue({ code: 'custom', message: m.quickValueCountry });
    } else if (r.action === 'blockAsn') {
      if (parseAsn(r.value) === null) ctx.addIssue({ code: 'custom', message: m.quickValueAsn });
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

// ---------------------------------------------------------------- IP lookup

export const ipLookupQuery = z.object({
  ip: z
    .string({ error: m.lookupIp })
    .trim()
    .min(1, m.lookupIp)
    .max(64, m.lookupIp)
    .refine(isIp, m.lookupIp),
});

export const IP_LOOKUP_ATTRIBUTION = 'IP Geolocation by DB-IP';
export const IP_LOOKUP_ATTRIBUTION_URL = 'https://db-ip.com/';

export const ipLookupResult = z.object({
  /** The address in canonical form. */
  ip: z.string(),
  version: z.union([z.literal(4), z.literal(6)]),
  country: z.string().nullable(),
  /** English name of the country. */
  countryName: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  asn: z.number().nullable(),
  org: z.string().nullable(),
  flags: z.object({
    /** Private, loopback, documentation, multicast… space: no geo is ever given for it. */
    reserved: z.boolean(),
    /** The address is on the shop's IP block list (directly or in a range). */
    inBlockList: z.boolean(),
    /** The address is on the shop's IP allow list (directly or in a range). */
    inAllowList: z.boolean(),
  }),
  /** What the shop's current rules decide for a visit from this address to the home page. */
  decision: z.object({
    action: z.enum(visitActions),
    rule: visitRule.nullable(),
    monitor: monitorRule.nullable(),
  }),
  /** Show with a link to IP_LOOKUP_ATTRIBUTION_URL wherever region or city is shown. */
  attribution: z.literal(IP_LOOKUP_ATTRIBUTION),
});
export type IpLookupResult = z.infer<typeof ipLookupResult>;

// ---------------------------------------------------------------- dashboard chart

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
