// The visitor log's filters: what the list and the CSV export accept (action, country,
// address or range, a blocked shopper's reference, ASN, URL, network kind, bot category, crawler check, time range, cursor),
// and the export's path and columns.
// Addresses, ranges and AS numbers are read with the engine's parsers, so the admin's fields,
// these schemas and the server agree, with the same messages.
import { parseAsn, parseIpRange } from '@gatehouse/engine/values';
import { z } from 'zod';
import { cleanText, dateProblem, isVisitCursor } from './hygiene.js';
import { visitBotCategory, visitCrawlerCheck, visitNetworkKind } from './visit-network.js';
import { visitActionFilters, visitRanges } from './visit-rule.js';
import { parseVisitReference } from './visit-reference.js';
import { visitorLogMessages as m } from './visitor-log-messages.js';

/** One address or CIDR range, read as the engine reads rules and the server reads filters. */
const isIpOrCidr = (text: string) => parseIpRange(text).ok;

const isoTime = z
  .string({ error: m.time })
  .max(40, m.time)
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), m.time)
  .superRefine((v, ctx) => {
    const problem = dateProblem(v, 'The time range');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

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
    /** A blocked shopper's reference: the visits blocked at the time it names. */
    ref: z
      .string({ error: m.reference })
      .max(40, m.reference)
      .transform(
        (v, ctx) =>
          parseVisitReference(v) ??
          (ctx.addIssue({ code: 'custom', message: m.reference }), z.NEVER),
      )
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
    /** Visits from a network of this kind (hosting, vpn, proxy, tor, privateRelay). */
    network: z.enum(visitNetworkKind.options, { error: m.network }).optional(),
    /** Visits whose user agent fell in this Bot Blocker category. */
    bot: z.enum(visitBotCategory.options, { error: m.bot }).optional(),
    /** Visits whose agent claimed a search-engine crawler: from its network, or not. */
    crawler: z.enum(visitCrawlerCheck.options, { error: m.crawler }).optional(),
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
    ref: z.string({ error: m.reference }).optional(),
    asn: z.string({ error: m.asn }).optional(),
    url: z.string({ error: m.url }).optional(),
    network: z.string({ error: m.network }).optional(),
    bot: z.string({ error: m.bot }).optional(),
    crawler: z.string({ error: m.crawler }).optional(),
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
  'mode',
  'monitor',
  'monitor_action',
  'network',
  'bot_category',
  'crawler',
] as const;
export const visitExportQuery = visitListQuery;
