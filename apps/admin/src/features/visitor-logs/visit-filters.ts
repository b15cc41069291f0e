// The visitor-log filters and their home in the address bar: read from and written to search
// params (so a reload or a shared link keeps them), then turned into the list/export query of
// the contract. Values the URL may carry but the contract would refuse are checked here with
// the contract's own schema and messages, so the page shows the message instead of asking.
import {
  visitActionFilters,
  visitBotCategory,
  visitCrawlerCheck,
  visitFilters,
  visitNetworkKind,
  visitRanges,
  type VisitActionFilter,
  type VisitFilters,
} from '@gatehouse/contracts';

/** The contract's preset ranges, plus 3 days (the dashboard's range) and a custom span. */
export const timeRanges = ['1h', '24h', '3d', '7d', '30d', 'custom'] as const;
export type TimeRange = (typeof timeRanges)[number];

export const timeRangeLabels: Record<TimeRange, string> = {
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '3d': 'Last 3 days',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  custom: 'Custom range',
};

export interface LogFilters {
  action?: VisitActionFilter;
  country?: string;
  ip?: string;
  /** A blocked shopper's reference (typed in the same field as an address). */
  ref?: string;
  asn?: string;
  url?: string;
  /** A network kind, bot category or crawler verdict the visits were recorded with. */
  network?: (typeof visitNetworkKind.options)[number];
  bot?: (typeof visitBotCategory.options)[number];
  crawler?: (typeof visitCrawlerCheck.options)[number];
  range?: TimeRange;
  /** Custom range: first and last day (YYYY-MM-DD, local dates, both included). */
  fromDate?: string;
  toDate?: string;
}

export type FilterKey = keyof LogFilters;
const textKeys = ['country', 'ip', 'ref', 'asn', 'url', 'fromDate', 'toDate'] as const;

/** The search-param name of each filter. */
const paramOf: Record<FilterKey, string> = {
  action: 'action',
  country: 'country',
  ip: 'ip',
  ref: 'ref',
  asn: 'asn',
  url: 'url',
  network: 'network',
  bot: 'bot',
  crawler: 'crawler',
  range: 'range',
  fromDate: 'from',
  toDate: 'to',
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

export function filtersFromParams(params: URLSearchParams): LogFilters {
  const filters: LogFilters = {};
  const action = oneOf(visitActionFilters, params.get(paramOf.action));
  if (action) filters.action = action;
  const range = oneOf(timeRanges, params.get(paramOf.range));
  if (range) filters.range = range;
  const network = oneOf(visitNetworkKind.options, params.get(paramOf.network));
  if (network) filters.network = network;
  const bot = oneOf(visitBotCategory.options, params.get(paramOf.bot));
  if (bot) filters.bot = bot;
  const crawler = oneOf(visitCrawlerCheck.options, params.get(paramOf.crawler));
  if (crawler) filters.crawler = crawler;
  for (const key of textKeys) {
    const value = params.get(paramOf[key])?.trim();
    if (!value) continue;
    if ((key === 'fromDate' || key === 'toDate') && !DATE.test(value)) continue;
    filters[key] = key === 'country' ? value.toUpperCase() : value;
  }
  // Dates only mean something in a custom range.
  if (filters.range !== 'custom') {
    delete filters.fromDate;
    delete filters.toDate;
  }
  return filters;
}

export function filtersToParams(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(paramOf) as FilterKey[]) {
    const value = filters[key]?.trim();
    if (!value) continue;
    if ((key === 'fromDate' || key === 'toDate') && filters.range !== 'custom') continue;
    params.set(paramOf[key], value);
  }
  return params;
}

export function hasAnyFilter(filters: LogFilters): boolean {
  return filtersToParams(filters).toString() !== '';
}

const DAY_MS = 86_400_000;

function localDayStart(date: string, addDays = 0): string | undefined {
  const [y, m, d] = date.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return undefined;
  const at = new Date(y, m - 1, d + addDays);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/**
 * The contract's filters for these page filters. `now` anchors the 3-day range, which the
 * server has no preset for; the caller keeps it fixed while the filters stay the same so the
 * query (and the pages walked) do not shift under the merchant.
 */
export function toVisitQuery(filters: LogFilters, now: number): VisitFilters {
  const query: VisitFilters = {};
  if (filters.action) query.action = filters.action;
  if (filters.country) query.country = filters.country;
  if (filters.ip) query.ip = filters.ip;
  if (filters.ref) query.ref = filters.ref;
  if (filters.asn) query.asn = filters.asn;
  if (filters.url) query.url = filters.url;
  if (filters.network) query.network = filters.network;
  if (filters.bot) query.bot = filters.bot;
  if (filters.crawler) query.crawler = filters.crawler;
  const range = filters.range;
  // A reference names its own moment: the time range would only hide it.
  if (filters.ref) return query;
  if (range === '3d') {
    query.from = new Date(now - 3 * DAY_MS).toISOString();
  } else if (range === 'custom') {
    const from = filters.fromDate ? localDayStart(filters.fromDate) : undefined;
    // The last day is included: the range ends at the next midnight.
    const to = filters.toDate ? localDayStart(filters.toDate, 1) : undefined;
    if (from) query.from = from;
    if (to) query.to = to;
  } else if (range && (visitRanges as readonly string[]).includes(range)) {
    query.range = range as (typeof visitRanges)[number];
  }
  return query;
}

/** The query as GET parameters: the contract takes the ASN as text ("AS15169" or "15169"). */
export function toSearchParams(query: VisitFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') out[key] = String(value);
  }
  return out;
}

export type FilterErrors = Partial<Record<'ip' | 'asn' | 'country' | 'url' | 'time', string>>;

/** The contract's messages for whatever it would refuse, by the filter they concern. */
export function filterErrors(query: VisitFilters): FilterErrors {
  const parsed = visitFilters.safeParse(query);
  if (parsed.success) return {};
  const errors: FilterErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    const key =
      field === 'ip' || field === 'asn' || field === 'country' || field === 'url'
        ? field
        : field === 'ref'
          ? 'ip'
          : 'time';
    errors[key] ??= issue.message;
  }
  return errors;
}
