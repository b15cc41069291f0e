// Referrer Blocker (/referrerBlocker): blocks visitors arriving from listed sites. An entry is
// a domain: "spam.example" blocks visits sent from that host only; "*.spam.example" blocks
// visits from every subdomain of it ("ads.spam.example", "a.b.spam.example") but not from
// spam.example itself, so list both to block a whole site. Domains are read with the engine's
// own rule (readReferrerEntry, shared by the admin's field and the server). The list is
// imported from a CSV file (`domain[,note]` lines, preview then commit) and exported as one. A
// paid feature: every call names `referrerBlocker` and answers 403 on a plan without it.
import {
  MAX_REFERRER_ENTRIES,
  normalizeReferrerDomain,
  referrerHost,
} from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { csvCommitRequest, csvCommitResult, csvImportRequest, csvPreview } from './csv-import.js';
import { entryDeleteRequest } from './entry-delete.js';
import { textProblem } from './hygiene.js';
import { listBlocker } from './list-blocker.js';
import { blockAction, entryNote } from './protection-fields.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const referrerMessages = {
  domain: "Enter a site's domain, like spam.example, or *.spam.example for its subdomains.",
  domainInvalid: (text: string) =>
    `"${text}" is not a domain. Enter a site's name, like spam.example, or *.spam.example for its subdomains.`,
  domainTooLong: 'A domain can be at most 253 characters.',
  noDomains: 'Enter at least one domain.',
  tooManyDomains: 'At most 100 domains can be added at once.',
  duplicate: 'That domain is already in the list.',
  cap: 'The Referrer Blocker holds at most 2,000 domains. Remove some to add more.',
} as const;
const m = referrerMessages;

/** Most domains the Referrer Blocker holds (the engine's limit). */
export const maxReferrerEntries = MAX_REFERRER_ENTRIES;
/** Most domains one add call takes. */
export const maxReferrerAdd = 100;

/**
 * Reads one domain as the list stores it ("spam.example", "*.spam.example"; a pasted address
 * keeps its host), or the message to show.
 */
export function readReferrerEntry(text: string): { domain: string } | { error: string } {
  const value = text.trim();
  if (value === '') return { error: m.domain };
  const problem = textProblem(value, 'The domain');
  if (problem) return { error: problem };
  if (value.length > 300) return { error: m.domainTooLong };
  const domain = normalizeReferrerDomain(value);
  return domain === null ? { error: m.domainInvalid(value) } : { domain };
}

/**
 * The domain of the site that sent a visitor, as the list stores it; null when the visitor came
 * directly, from an address that is no domain, or from another page of the store itself
 * (blocking it would block the store's own links).
 */
export function referringSite(visit: { referrer: string; url: string }): string | null {
  const host = referrerHost(visit.referrer);
  if (host === null || host === referrerHost(visit.url)) return null;
  return normalizeReferrerDomain(host);
}

/** Splits what the merchant typed or pasted into domains: one per line, comma or space. */
export function splitReferrerDomains(text: string): string[] {
  return text.split(/[\s,;]+/).filter((part) => part !== '');
}

export const referrerEntry = z.object({
  id: z.string(),
  /** "spam.example" (that host only) or "*.spam.example" (its subdomains). */
  domain: z.string(),
  note: z.string(),
  /** Visits this entry decided: blocked, redirected, or seen in monitor mode. */
  hits: z.number(),
  lastHitAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReferrerEntry = z.infer<typeof referrerEntry>;

export const referrerBlockerSettings = z.object({
  action: blockAction,
  /** Report "would block" in the visitor log and allow the visitor. */
  monitor: z.boolean(),
});
export type ReferrerBlockerSettings = z.infer<typeof referrerBlockerSettings>;

export const referrerBlockerView = referrerBlockerSettings.extend({
  /** Every entry, newest first. */
  entries: z.array(referrerEntry),
  /** Most entries the blocker holds (maxReferrerEntries). */
  limit: z.number(),
});
export type ReferrerBlockerView = z.infer<typeof referrerBlockerView>;

/** One domain as typed, read into the list's form ("spam.example", "*.spam.example"). */
export const referrerDomain = z
  .string({ error: m.domain })
  .max(300, m.domainTooLong)
  .transform((text, ctx) => {
    const read = readReferrerEntry(text);
    if ('domain' in read) return read.domain;
    ctx.addIssue({ code: 'custom', message: read.error });
    return z.NEVER;
  });

export const referrerAddRequest = z.object({
  /** One or more domains, read into the list's form; all are added or none. */
  domains: z
    .array(referrerDomain, { error: m.noDomains })
    .min(1, m.noDomains)
    .max(maxReferrerAdd, m.tooManyDomains),
  note: entryNote.optional().default(''),
});
export const referrerAddResult = z.object({
  /** The entries added, in the order given. */
  added: z.array(referrerEntry),
  /** Domains given that were already listed (or repeated), left as they were. */
  skipped: z.array(z.string()),
});
export type ReferrerAddResult = z.infer<typeof referrerAddResult>;

/** The picked entries, or every entry the search matches (entryDeleteRequest). */
export const referrerDeleteRequest = entryDeleteRequest;

export const referrerBlockerApi = {
  getReferrerBlocker: call({
    method: 'GET',
    path: '/api/referrerBlocker/get',
    feature: 'referrerBlocker',
    request: z.object({}),
    response: referrerBlockerView,
  }),
  /** The action and monitor mode of every entry. */
  saveReferrerBlocker: call({
    method: 'POST',
    path: '/api/referrerBlocker/save',
    feature: 'referrerBlocker',
    request: referrerBlockerSettings,
    response: referrerBlockerView,
  }),
  addReferrerBlocker: call({
    method: 'POST',
    path: '/api/referrerBlocker/add',
    feature: 'referrerBlocker',
    request: referrerAddRequest,
    response: referrerAddResult,
  }),
  deleteReferrerBlocker: call({
    method: 'POST',
    path: '/api/referrerBlocker/delete',
    feature: 'referrerBlocker',
    request: referrerDeleteRequest,
    response: z.object({ deleted: z.number() }),
  }),
  /** Checks a CSV file of `domain[,note]` lines (an optional header row) and stores nothing. */
  previewReferrerBlockerImport: call({
    method: 'POST',
    path: '/api/referrerBlocker/importPreview',
    feature: 'referrerBlocker',
    request: csvImportRequest,
    response: csvPreview,
  }),
  /** Imports the previewed text, all of it or nothing. */
  commitReferrerBlockerImport: call({
    method: 'POST',
    path: '/api/referrerBlocker/importCommit',
    feature: 'referrerBlocker',
    request: csvCommitRequest,
    response: csvCommitResult,
  }),
} as const;

/**
 * CSV export of the Referrer Blocker: `GET` with the session's bearer token answers a
 * `text/csv` attachment (columns domain, note, hits, last_hit_at, created_at); 403 on a plan
 * without the blocker.
 */
export const referrerBlockerExportPath = '/api/referrerBlocker/export';

export const referrerBlockerManifest = listBlocker({
  name: 'referrer-blocker',
  order: 1,
  title: 'Referrer Blocker',
  page: '/referrerBlocker',
  ruleKind: 'referrer',
  feature: 'referrerBlocker',
  dashboardCounter: 'referrerBlocker',
  quickAction: 'blockReferrer',
  quickOffer: {
    from(visit) {
      const site = referringSite(visit);
      return site === null ? null : { value: site, named: site };
    },
    label: 'Block this referrer',
    confirm: 'Block referrer',
    who: (site) => `Every visitor sent by ${site}`,
    what: 'the site',
    upgrade: 'block visitors by the site that sent them.',
  },
  edge: true,
  limit: maxReferrerEntries,
  field: 'domain',
  addField: 'domains',
  entry: referrerDomain,
  calls: {
    get: 'getReferrerBlocker',
    save: 'saveReferrerBlocker',
    add: 'addReferrerBlocker',
    delete: 'deleteReferrerBlocker',
  },
  csv: {
    importPreview: 'previewReferrerBlockerImport',
    importCommit: 'commitReferrerBlockerImport',
    exportPath: referrerBlockerExportPath,
    headers: ['domain', 'domains', 'referrer', 'referrer domain', 'site'],
    nothingNew: 'Every domain in the file is already in the list.',
  },
  messages: { duplicate: m.duplicate, cap: m.cap },
});
