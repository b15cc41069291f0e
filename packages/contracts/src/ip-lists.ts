// The two IP lists, the block list (/ipBlocker) and the allow list (/whiteLists): entries,
// pages and search, add/update/delete, and CSV export (the import's calls are in
// csv-import.ts). The server checks addresses and ranges with the engine's compile().
import { z } from 'zod';
import {
  cleanText,
  dateProblem,
  expiryProblem,
  ipEntryScopeProblem,
  isIpListCursor,
} from './hygiene.js';
import { entryDeleteRequest, entrySearch } from './entry-delete.js';
import { entryNote, protectionMessages as m } from './protection-fields.js';

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

/** An expiry that is a real date and time in the accepted years (not checked against now). */
const expiryTime = z
  .string({ error: m.expiry })
  .max(40, m.expiry)
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), m.expiry)
  .superRefine((v, ctx) => {
    const problem = dateProblem(v, 'The expiry');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A new entry's expiry: in the future, or null/absent for good. */
const expiresAt = expiryTime
  .superRefine((v, ctx) => {
    const problem = expiryProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .optional();

export const ipListQuery = z.object({
  /** Part of an address or note. */
  search: entrySearch.optional().default(''),
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
  /** Entries matching the search (all of them with no search): what "select all" deletes. */
  matching: z.number(),
  /** The plan's cap for this list, null when unlimited. */
  limit: z.number().nullable(),
  /**
   * What the merchant should know about the list as a whole: entries not applied for being
   * wider than an entry may be, and how much of the address space the entries cover together
   * when that is a large share.
   */
  notices: z.array(z.string()),
});
export type IpListPage = z.infer<typeof ipListPage>;

/** An added entry, and the list's notices with it in (see ipListPage). */
export const ipAddResult = ipEntry.extend({ notices: z.array(z.string()) });

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
  note: entryNote.optional().default(''),
  expiresAt,
});
export const ipUpdateRequest = z.object({
  id: z.uuid({ error: m.entryId }),
  note: entryNote.optional(),
  /**
   * null clears the expiry; absent leaves it. A past time is refused unless it is the entry's
   * own expiry sent back unchanged (which the server checks against the stored entry): editing
   * only the note of an expired entry keeps working.
   */
  expiresAt: expiryTime.nullable().optional(),
});
/** The picked entries, or every entry the search matches (entryDeleteRequest). */
export const ipDeleteRequest = entryDeleteRequest;

/**
 * CSV export of a list: `GET /api/<list>/export` with the session's bearer token answers a
 * `text/csv` attachment (columns ip, note, expires_at, hits, last_hit_at, created_at).
 */
export const ipListExportPath = (list: IpListId) => `/api/${list}/export` as const;
