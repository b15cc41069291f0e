// Block Lists (Legacy) (/blockLists, all plans): the combined list of earlier versions, entries
// of three kinds, each with a note: an IP address or CIDR range and a country (both blocked on
// the storefront), and an email (refused at checkout). A one-click migration moves each entry
// into its new blocker (addresses and ranges to the IP Blocker's block list, countries to the
// Country Blocker in blacklist mode, emails to the Customer Block Lists when the shop has
// them), shows what moved, and can be undone until the merchant confirms it.
import { bigIntToIp, formatIp, isCountryCode, parseIpRange } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { ipEntryScopeProblem, textProblem } from './hygiene.js';
import { entryNote, protectionMessages } from './protection-fields.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const legacyKinds = ['ip', 'country', 'email'] as const;
export const legacyKind = z.enum(legacyKinds, {
  error: 'Choose the kind of entry: ip, country or email.',
});
export type LegacyKind = z.infer<typeof legacyKind>;

export const legacyMessages = {
  value: 'Enter a value.',
  ip: (text: string) =>
    `"${text}" is not an IP address or CIDR range, like 203.0.113.7 or 203.0.113.0/24.`,
  country: (text: string) => `"${text}" is not a country code: use two letters, like US or DE.`,
  email: (text: string) => `"${text}" is not an email address, like buyer@example.com.`,
  tooLong: 'A value can be at most 254 characters.',
  duplicate: 'That entry is already in the list.',
  cap: 'Block Lists (Legacy) holds at most 5,000 entries. Move or remove some to add more.',
  nothingToMove: 'There is nothing to move: the list is empty.',
  pending: 'Confirm or undo the last migration before starting another.',
  notPending: 'That migration is no longer waiting: it was confirmed or undone.',
  migrationId: 'That migration does not exist.',
  countriesRefused:
    'The Country Blocker is in whitelist mode, so the countries cannot move. Choose to keep them here and move the rest, or switch the Country Blocker to blacklist mode first.',
} as const;
const m = legacyMessages;

/** Most entries the legacy list holds. */
export const maxLegacyEntries = 5000;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Reads a value of a kind as the list stores it (canonical address, upper-case country, lower-case email), or the message to show. */
export function readLegacyValue(
  kind: LegacyKind,
  text: string,
): { value: string } | { error: string } {
  const value = text.trim();
  if (value === '') return { error: m.value };
  if (value.length > 254) return { error: m.tooLong };
  const problem = textProblem(value, 'The value');
  if (problem) return { error: problem };
  if (kind === 'country') {
    const code = value.toUpperCase();
    return isCountryCode(code) ? { value: code } : { error: m.country(value) };
  }
  if (kind === 'email') {
    const email = value.toLowerCase();
    return EMAIL.test(email) ? { value: email } : { error: m.email(value) };
  }
  const tooWide = ipEntryScopeProblem(value);
  if (tooWide) return { error: tooWide };
  const parsed = parseIpRange(value);
  if (!parsed.ok) return { error: m.ip(value) };
  const { version, first, prefix } = parsed.range;
  const address = formatIp(bigIntToIp(version, first));
  return { value: prefix === (version === 4 ? 32 : 128) ? address : `${address}/${prefix}` };
}

export const legacyEntry = z.object({
  id: z.string(),
  kind: legacyKind,
  value: z.string(),
  note: z.string(),
  /** Visits this entry blocked on the storefront (emails are counted by no one). */
  hits: z.number(),
  createdAt: z.string(),
});
export type LegacyEntry = z.infer<typeof legacyEntry>;

export const legacyListQuery = z.object({
  page: z.coerce
    .number({ error: 'The page must be a whole number, 1 or more.' })
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .default(1),
  pageSize: z.coerce
    .number({ error: 'The page size must be from 1 to 100.' })
    .int()
    .min(1)
    .max(100)
    .optional()
    .default(25),
});
export const legacyListPage = z.object({
  /** Newest first. */
  entries: z.array(legacyEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /**
   * What the merchant should know about the list's addresses as a whole: an entry not applied
   * for being wider than an entry may be, and how much of the address space the addresses
   * and ranges cover together when that is a large share.
   */
  notices: z.array(z.string()),
});
export type LegacyListPage = z.infer<typeof legacyListPage>;

export const legacyAddRequest = z
  .object({
    kind: legacyKind,
    value: z.string({ error: m.value }).max(300, m.tooLong),
    note: entryNote.optional().default(''),
  })
  .superRefine((input, ctx) => {
    const read = readLegacyValue(input.kind, input.value);
    if ('error' in read) ctx.addIssue({ code: 'custom', message: read.error, path: ['value'] });
  });

export const legacyDeleteRequest = z.object({
  ids: z
    .array(z.uuid({ error: protectionMessages.entryId }), { error: protectionMessages.noEntries })
    .min(1, protectionMessages.noEntries)
    .max(1000, protectionMessages.tooManyIds),
});

/** One entry in a migration's preview: where it goes, or why it stays. */
export const legacyMoveItem = z.object({
  kind: legacyKind,
  value: z.string(),
  note: z.string(),
  /** `move`: added to its blocker; `present`: its blocker already holds it (only taken out here); `stay`: it stays in this list. */
  outcome: z.enum(['move', 'present', 'stay']),
  /** Where it goes, as the merchant sees it; null when it stays. */
  target: z.string().nullable(),
  /** The admin page of that blocker. */
  page: z.string().nullable(),
  /** Why it stays; null otherwise. */
  reason: z.string().nullable(),
});
export type LegacyMoveItem = z.infer<typeof legacyMoveItem>;

export const legacyMigrationPreview = z.object({
  items: z.array(legacyMoveItem),
  /** The Country Blocker is in whitelist mode and the list has countries: they can only stay. */
  countriesRefused: z.string().nullable(),
});
export type LegacyMigrationPreview = z.infer<typeof legacyMigrationPreview>;

export const legacyMigration = z.object({
  id: z.string(),
  status: z.enum(['pending', 'confirmed', 'undone']),
  createdAt: z.string(),
  /** What the migration did with each entry, as the preview said. */
  items: z.array(legacyMoveItem),
});
export type LegacyMigration = z.infer<typeof legacyMigration>;

export const legacyMigrateRequest = z.object({
  /** Move everything but the countries, which stay here (when the Country Blocker is in whitelist mode). */
  keepCountries: z
    .boolean({ error: 'keepCountries must be true or false.' })
    .optional()
    .default(false),
});
export const legacyMigrationRequest = z.object({
  id: z.uuid({ error: m.migrationId }),
});

export const legacyBlockListsApi = {
  listLegacyBlockLists: call({
    method: 'GET',
    path: '/api/blockLists/list',
    feature: 'blockListsLegacy',
    request: legacyListQuery,
    response: legacyListPage,
  }),
  addLegacyBlockList: call({
    method: 'POST',
    path: '/api/blockLists/add',
    feature: 'blockListsLegacy',
    request: legacyAddRequest,
    response: legacyEntry,
  }),
  deleteLegacyBlockList: call({
    method: 'POST',
    path: '/api/blockLists/delete',
    feature: 'blockListsLegacy',
    request: legacyDeleteRequest,
    response: z.object({ deleted: z.number() }),
  }),
  /** What a migration would do now; nothing is written. */
  previewLegacyMigration: call({
    method: 'GET',
    path: '/api/blockLists/migrationPreview',
    feature: 'blockListsLegacy',
    request: z.object({}),
    response: legacyMigrationPreview,
  }),
  /** Moves the entries; the migration waits for confirm or undo. */
  migrateLegacyBlockLists: call({
    method: 'POST',
    path: '/api/blockLists/migrate',
    feature: 'blockListsLegacy',
    request: legacyMigrateRequest,
    response: legacyMigration,
  }),
  /** The migration waiting for confirm or undo; null when none waits. */
  getLegacyMigration: call({
    method: 'GET',
    path: '/api/blockLists/migration',
    feature: 'blockListsLegacy',
    request: z.object({}),
    response: legacyMigration.nullable(),
  }),
  /** Takes out exactly what the migration added and puts the moved entries back. */
  undoLegacyMigration: call({
    method: 'POST',
    path: '/api/blockLists/undoMigration',
    feature: 'blockListsLegacy',
    request: legacyMigrationRequest,
    response: legacyMigration,
  }),
  /** Keeps the migration: it can no longer be undone. */
  confirmLegacyMigration: call({
    method: 'POST',
    path: '/api/blockLists/confirmMigration',
    feature: 'blockListsLegacy',
    request: legacyMigrationRequest,
    response: legacyMigration,
  }),
} as const;
