// The merchant's protection rules: Country Blocker, the IP block list (/ipBlocker) and allow
// list (/whiteLists), the ISP/ASN Blocker (/asnBlocker), and General Settings. ASN entries are
// read with the engine's own AS-number and ISP-name rules; the rest is shape, and the server
// checks meaning (addresses, countries, URLs) with the engine's compile(), answering 400 with
// its message.
import { isAsn, MAX_ASN_ENTRIES, normalizeIspName, readAsNumber } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import {
  cleanText,
  expiryProblem,
  ipEntryScopeProblem,
  isIpListCursor,
  textProblem,
} from './hygiene.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const protectionMessages = {
  countryMode: 'Choose blacklist or whitelist mode.',
  countryCode: 'Each country must be a two-letter code, like US or DE.',
  tooManyCountries: 'At most 300 countries can be listed.',
  redirectUrl: 'Enter a full redirect address starting with http:// or https://.',
  ipMissing: 'Enter an IP address or CIDR range.',
  noteTooLong: 'The note can be at most 500 characters.',
  expiry: 'The expiry must be a date and time, like 2030-01-31T00:00:00Z.',
  entryId: 'That entry does not exist.',
  noEntries: 'Select at least one entry.',
  tooManyIds: 'At most 1,000 entries can be deleted at once.',
  csvEmpty: 'The CSV file is empty.',
  csvTooLarge: 'The CSV file can hold at most 10,000 lines.',
  csvToken: 'Check the file before importing it.',
  title: 'The block page title must be 1 to 100 characters.',
  message: 'The block page message must be 1 to 1,000 characters.',
  colour: 'Colours must be hex codes like #ffffff or #fff.',
  logoUrl: 'The logo must be an https:// image address.',
  timeout: 'The decision time-out must be between 500 and 10000 ms.',
  retention: 'The log retention must be a whole number of hours, at least 1.',
  search: 'The search can be at most 100 characters.',
  cursor: 'The page cursor is not valid.',
  asnValue: 'Enter an ASN, like AS15169 or 15169, or an ISP name, like Hetzner.',
  asnRange: 'An ASN is a number from 1 to 4294967295, like AS15169.',
  ispName: 'An ISP name needs letters or digits, like Hetzner or DigitalOcean.',
  ispNameTooLong: 'An ISP name can be at most 200 characters.',
  asnDuplicate: 'That ASN or ISP name is already in the list.',
  asnCap: 'The ISP/ASN Blocker holds at most 2,000 ASNs and ISP names. Remove some to add more.',
} as const;
const m = protectionMessages;

// ---------------------------------------------------------------- Country Blocker

export const blockAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('block') }),
  z.object({
    type: z.literal('redirect'),
    url: z
      .string({ error: m.redirectUrl })
      .trim()
      .min(1, m.redirectUrl)
      .max(2048, m.redirectUrl)
      .superRefine(cleanText('The redirect address')),
  }),
]);
export type BlockAction = z.infer<typeof blockAction>;

export const countryBlockerSettings = z.object({
  mode: z.enum(['blacklist', 'whitelist'], { error: m.countryMode }),
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: z
    .array(z.string({ error: m.countryCode }).regex(/^[A-Za-z]{2}$/, m.countryCode), {
      error: m.countryCode,
    })
    .max(300, m.tooManyCountries),
  action: blockAction,
  /** Report "would block" in the visitor log and allow the visitor. */
  monitor: z.boolean(),
});
export type CountryBlockerSettings = z.infer<typeof countryBlockerSettings>;

// ---------------------------------------------------------------- IP lists

/** The two IP lists: the block list (`/ipBlocker`) and the allow list (`/whiteLists`). */
export const ipListIds = ['ipBlocker', 'whiteLists'] as const;
export type IpListId = (typeof ipListIds)[number];

export const ipEntry = z.object({
  id: z.string(),
  /** Canonical address or CIDR range. */
  ip: z.string(),
  note: z.string(),
  expiresAt: z.string().nullable(),
  hits: z.number(),
  lastHitAt: z.string().nullable(),
  createdAt: z.string(),
});
export type IpEntry = z.infer<typeof ipEntry>;

const expiresAt = z
  .string({ error: m.expiry })
  .max(40, m.expiry)
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), m.expiry)
  .superRefine((v, ctx) => {
    const problem = expiryProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .optional();
/** An entry's note, as every list keeps it. */
export const entryNote = z
  .string({ error: m.noteTooLong })
  .max(500, m.noteTooLong)
  .superRefine(cleanText('The note'));
const note = entryNote;

export const ipListQuery = z.object({
  /** Part of an address or note. */
  search: z
    .string({ error: m.search })
    .trim()
    .max(100, m.search)
    .superRefine(cleanText('The search'))
    .optional()
    .default(''),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string({ error: m.cursor })
    .max(200, m.cursor)
    .refine(isIpListCursor, m.cursor)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});
export const ipListPage = z.object({
  entries: z.array(ipEntry),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /** Entries in the whole list (not only matching the search). */
  total: z.number(),
  /** The plan's cap for this list, null when unlimited. */
  limit: z.number().nullable(),
});
export type IpListPage = z.infer<typeof ipListPage>;

export const ipAddRequest = z.object({
  ip: z
    .string({ error: m.ipMissing })
    .trim()
    .min(1, m.ipMissing)
    .max(64, m.ipMissing)
    .superRefine(cleanText('The IP address'))
    .superRefine((ip, ctx) => {
      const problem = ipEntryScopeProblem(ip);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  note: note.optional().default(''),
  expiresAt,
});
export const ipUpdateRequest = z.object({
  id: z.uuid({ error: m.entryId }),
  note: note.optional(),
  /** null clears the expiry; absent leaves it. */
  expiresAt,
});
export const ipDeleteRequest = z.object({
  ids: z
    .array(z.uuid({ error: m.entryId }), { error: m.noEntries })
    .min(1, m.noEntries)
    .max(1000, m.tooManyIds),
});

export const csvImportRequest = z.object({
  csv: z
    .string({ error: m.csvEmpty })
    .max(1_000_000, m.csvTooLarge)
    .superRefine(cleanText('The CSV file')),
});
export const csvLineIssue = z.object({
  /** 1-based line number in the file. */
  line: z.number(),
  text: z.string(),
  reason: z.string(),
});
export const csvPreview = z.object({
  /** Data lines read (header and blank lines not counted). */
  total: z.number(),
  /** Lines that would be added. */
  valid: z.number(),
  /** Lines repeating an earlier line of the file, or an entry already in the list. */
  duplicates: z.number(),
  errors: z.array(csvLineIssue),
  /** Why the file cannot be imported as a whole (bad lines, the plan's cap…), else null. */
  problem: z.string().nullable(),
  /** Pass to the commit call with the same text; null when the file cannot be imported. */
  token: z.string().nullable(),
});
export type CsvPreview = z.infer<typeof csvPreview>;
export const csvCommitRequest = csvImportRequest.extend({
  token: z
    .string({ error: m.csvToken })
    .min(1, m.csvToken)
    .max(200, m.csvToken)
    .superRefine(cleanText('The import token', false)),
});
export const csvCommitResult = z.object({ imported: z.number() });

// ---------------------------------------------------------------- ISP/ASN Blocker

/** Most ASNs and ISP names the ISP/ASN Blocker holds, together (the engine's limit). */
export const maxAsnEntries = MAX_ASN_ENTRIES;

/** What one line of the ISP/ASN Blocker's add field means: an AS number or an ISP name. */
export type AsnEntryValue = { asn: number } | { name: string };

/**
 * Reads "AS15169", "as 15169" or "15169" as an ASN, anything else with a letter or digit as
 * an ISP name (kept as typed, trimmed); otherwise the message to show.
 */
export function readAsnEntry(text: string): AsnEntryValue | { error: string } {
  const value = text.trim();
  if (value === '') return { error: m.asnValue };
  const problem = textProblem(value, 'The ASN or ISP name');
  if (problem) return { error: problem };
  const asn = readAsNumber(value);
  if (asn !== null) return isAsn(asn) ? { asn } : { error: m.asnRange };
  if (value.length > 200) return { error: m.ispNameTooLong };
  if (normalizeIspName(value) === null) return { error: m.ispName };
  return { name: value.replace(/\s+/g, ' ') };
}

/** An entry as the list shows it: "AS15169", or the ISP name. */
export function asnEntryLabel(entry: { asn: number | null; name: string | null }): string {
  return entry.asn !== null ? `AS${entry.asn}` : (entry.name ?? '');
}

export const asnEntry = z.object({
  id: z.string(),
  /** The AS number; null for an ISP name. */
  asn: z.number().nullable(),
  /**
   * The ISP name as entered; null for an ASN. It blocks every visitor whose network's
   * organisation contains its words, whole and in a row, ignoring case and punctuation:
   * "Hetzner" blocks "Hetzner Online GmbH", "OVH" does not block "GOVHOST".
   */
  name: z.string().nullable(),
  note: z.string(),
  /** Visits this entry decided: blocked, redirected, or seen in monitor mode. */
  hits: z.number(),
  lastHitAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AsnEntry = z.infer<typeof asnEntry>;

export const asnBlockerSettings = z.object({
  action: blockAction,
  /** Report "would block" in the visitor log and allow the visitor. */
  monitor: z.boolean(),
});
export type AsnBlockerSettings = z.infer<typeof asnBlockerSettings>;

export const asnBlockerView = asnBlockerSettings.extend({
  /** Every entry, newest first. */
  entries: z.array(asnEntry),
  /** Most entries the blocker holds (maxAsnEntries). */
  limit: z.number(),
});
export type AsnBlockerView = z.infer<typeof asnBlockerView>;

export const asnAddRequest = z.object({
  /** "AS15169", "15169" or an ISP name (readAsnEntry). */
  value: z
    .string({ error: m.asnValue })
    .max(200, m.ispNameTooLong)
    .superRefine((text, ctx) => {
      const read = readAsnEntry(text);
      if ('error' in read) ctx.addIssue({ code: 'custom', message: read.error });
    }),
  note: note.optional().default(''),
});
export const asnDeleteRequest = z.object({
  ids: z
    .array(z.uuid({ error: m.entryId }), { error: m.noEntries })
    .min(1, m.noEntries)
    .max(1000, m.tooManyIds),
});

// ---------------------------------------------------------------- General Settings

const colour = z
  .string({ error: m.colour })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, m.colour);

export const blockPageSettings = z.object({
  title: z
    .string({ error: m.title })
    .trim()
    .min(1, m.title)
    .max(100, m.title)
    .superRefine(cleanText('The block page title')),
  message: z
    .string({ error: m.message })
    .trim()
    .min(1, m.message)
    .max(1000, m.message)
    .superRefine(cleanText('The block page message')),
  backgroundColor: colour,
  textColor: colour,
  logoUrl: z
    .string({ error: m.logoUrl })
    .trim()
    .max(2048, m.logoUrl)
    .refine((v) => v === '' || /^https:\/\/[^\s/]+\/\S*$/i.test(v), m.logoUrl)
    .superRefine(cleanText('The logo address'))
    .nullable()
    .transform((v) => (v === '' ? null : v)),
});

export const generalSettings = z.object({
  /** The master switch: false lets every visitor in (the shop's isAppDisabled, inverted). */
  appEnabled: z.boolean(),
  blockPage: blockPageSettings,
  /** How long a page waits for the decision before showing anyway. */
  timeoutMs: z
    .number({ error: m.timeout })
    .int(m.timeout)
    .min(500, m.timeout)
    .max(10_000, m.timeout),
  /** Visitor-log retention; at most the plan's (see maxLogRetentionHours). */
  logRetentionHours: z.number({ error: m.retention }).int(m.retention).min(1, m.retention),
  adminAccessEnabled: z.boolean(),
});
export type GeneralSettings = z.infer<typeof generalSettings>;
export const generalSettingsView = generalSettings.extend({
  maxLogRetentionHours: z.number(),
});
export type GeneralSettingsView = z.infer<typeof generalSettingsView>;

// ---------------------------------------------------------------- the calls

function ipListCalls<L extends IpListId>(list: L) {
  return {
    list: call({
      method: 'GET',
      path: `/api/${list}/list` as const,
      request: ipListQuery,
      response: ipListPage,
    }),
    add: call({
      method: 'POST',
      path: `/api/${list}/add` as const,
      request: ipAddRequest,
      response: ipEntry,
    }),
    update: call({
      method: 'POST',
      path: `/api/${list}/update` as const,
      request: ipUpdateRequest,
      response: ipEntry,
    }),
    delete: call({
      method: 'POST',
      path: `/api/${list}/delete` as const,
      request: ipDeleteRequest,
      response: z.object({ deleted: z.number() }),
    }),
    importPreview: call({
      method: 'POST',
      path: `/api/${list}/importPreview` as const,
      request: csvImportRequest,
      response: csvPreview,
    }),
    importCommit: call({
      method: 'POST',
      path: `/api/${list}/importCommit` as const,
      request: csvCommitRequest,
      response: csvCommitResult,
    }),
  };
}

/**
 * CSV export of a list: `GET /api/<list>/export` with the session's bearer token answers a
 * `text/csv` attachment (columns ip, note, expires_at, hits, last_hit_at, created_at).
 */
export const ipListExportPath = (list: IpListId) => `/api/${list}/export` as const;

const blockList = ipListCalls('ipBlocker');
const allowList = ipListCalls('whiteLists');

export const protectionApi = {
  getCountryBlocker: call({
    method: 'GET',
    path: '/api/regionBlocker/get',
    request: z.object({}),
    response: countryBlockerSettings,
  }),
  saveCountryBlocker: call({
    method: 'POST',
    path: '/api/regionBlocker/save',
    request: countryBlockerSettings,
    response: countryBlockerSettings,
  }),
  listIpBlocker: blockList.list,
  addIpBlocker: blockList.add,
  updateIpBlocker: blockList.update,
  deleteIpBlocker: blockList.delete,
  previewIpBlockerImport: blockList.importPreview,
  commitIpBlockerImport: blockList.importCommit,
  listWhiteLists: allowList.list,
  addWhiteLists: allowList.add,
  updateWhiteLists: allowList.update,
  deleteWhiteLists: allowList.delete,
  previewWhiteListsImport: allowList.importPreview,
  commitWhiteListsImport: allowList.importCommit,
  getAsnBlocker: call({
    method: 'GET',
    path: '/api/asnBlocker/get',
    feature: 'asnBlocker',
    request: z.object({}),
    response: asnBlockerView,
  }),
  /** The action and monitor mode of every entry. */
  saveAsnBlocker: call({
    method: 'POST',
    path: '/api/asnBlocker/save',
    feature: 'asnBlocker',
    request: asnBlockerSettings,
    response: asnBlockerView,
  }),
  addAsnBlocker: call({
    method: 'POST',
    path: '/api/asnBlocker/add',
    feature: 'asnBlocker',
    request: asnAddRequest,
    response: asnEntry,
  }),
  deleteAsnBlocker: call({
    method: 'POST',
    path: '/api/asnBlocker/delete',
    feature: 'asnBlocker',
    request: asnDeleteRequest,
    response: z.object({ deleted: z.number() }),
  }),
  getGeneralSettings: call({
    method: 'GET',
    path: '/api/settings/get',
    request: z.object({}),
    response: generalSettingsView,
  }),
  saveGeneralSettings: call({
    method: 'POST',
    path: '/api/settings/save',
    request: generalSettings,
    response: generalSettingsView,
  }),
} as const;

/** The calls of one IP list, by list id. */
export const ipListApi = {
  ipBlocker: blockList,
  whiteLists: allowList,
} as const;
