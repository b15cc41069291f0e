// The ISP/ASN Blocker (/asnBlocker): its entries, AS numbers or ISP names read with the
// engine's own rules, its action and monitor mode, its calls and its manifest. An entry's
// value in the list's form is "AS15169" for an AS number, or the ISP name as typed with its
// spaces folded; no ISP name reads like an AS number, so the one text says which it is. A
// paid feature: every call names `asnBlocker` and answers 403 on a plan without it.
import {
  isAsn,
  looksLikeAsNumber,
  MAX_ASN_ENTRIES,
  normalizeIspName,
  parseAsn,
  readAsNumber,
} from '@gatehouse/engine/values';
import type { Rule } from '@gatehouse/engine';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { entryDeleteRequest } from './entry-delete.js';
import { textProblem } from './hygiene.js';
import { listBlocker } from './list-blocker.js';
import { blockAction, entryNote, protectionMessages as m } from './protection-fields.js';
import { visitorLogMessages } from './visitor-log-messages.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

/** Most ASNs and ISP names the ISP/ASN Blocker holds, together (the engine's limit). */
export const maxAsnEntries = MAX_ASN_ENTRIES;

/** What one line of the ISP/ASN Blocker's add field means: an AS number or an ISP name. */
export type AsnEntryValue = { asn: number } | { name: string };

/**
 * Reads "AS15169", "as 15169" or "15169" as an ASN, anything else with a letter or digit as
 * an ISP name (kept as typed, trimmed), except text written like a botched ASN ("ASabc",
 * "AS-15169"); otherwise the message to show.
 */
export function readAsnEntry(text: string): AsnEntryValue | { error: string } {
  const value = text.trim();
  if (value === '') return { error: m.asnValue };
  const problem = textProblem(value, 'The ASN or ISP name');
  if (problem) return { error: problem };
  const asn = readAsNumber(value);
  if (asn !== null) return isAsn(asn) ? { asn } : { error: m.asnRange };
  if (looksLikeAsNumber(value)) return { error: m.asnMistyped };
  if (value.length > 200) return { error: m.ispNameTooLong };
  if (normalizeIspName(value) === null) return { error: m.ispName };
  return { name: value.replace(/\s+/g, ' ') };
}

/** An entry as the list shows it, its value in the list's form: "AS15169", or the ISP name. */
export function asnEntryLabel(entry: { asn: number | null; name: string | null }): string {
  return entry.asn !== null ? `AS${entry.asn}` : (entry.name ?? '');
}

/** An entry's fields from its value in the list's form (asnEntryLabel read back). */
export function asnEntryFields(value: string): { asn: number | null; name: string | null } {
  const asn = /^AS(\d+)$/.exec(value);
  return asn ? { asn: Number(asn[1]), name: null } : { asn: null, name: value };
}

/** What the engine rule of the entry with this value (in the list's form) matches. */
export function asnEntryMatch(value: string): { asns: number[] } | { names: string[] } {
  const { asn, name } = asnEntryFields(value);
  return asn !== null ? { asns: [asn] } : { names: [name ?? ''] };
}

/** An `asn` rule's AS numbers or ISP names, as the visitor log names them. */
export const asnRuleValue = (rule: Rule): string =>
  rule.kind === 'asn' ? (rule.asns?.map((asn) => `AS${asn}`) ?? rule.names ?? []).join(', ') : '';

/** What makes two entries the same: `as:15169`, or `isp:` and the name's normal words. */
export function asnEntryKey(value: string): string {
  const { asn, name } = asnEntryFields(value);
  return asn !== null ? `as:${asn}` : `isp:${normalizeIspName(name ?? '') ?? ''}`;
}

/** One entry as typed ("as 15169", "Hetzner  Online"), read into the list's form. */
export const asnValue = z
  .string({ error: m.asnValue })
  .max(200, m.ispNameTooLong)
  .transform((text, ctx) => {
    const read = readAsnEntry(text);
    if (!('error' in read)) return 'asn' in read ? `AS${read.asn}` : read.name;
    ctx.addIssue({ code: 'custom', message: read.error });
    return z.NEVER;
  });

/** The visitor log's "block ASN" value: an AS number only ("15169", "AS15169"). */
const quickAsn = z.string().transform((text, ctx) => {
  const asn = parseAsn(text);
  if (asn !== null) return `AS${asn}`;
  ctx.addIssue({ code: 'custom', message: visitorLogMessages.quickValueAsn });
  return z.NEVER;
});

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
  /** "AS15169", "15169" or an ISP name (readAsnEntry), read into the list's form. */
  value: asnValue,
  note: entryNote.optional().default(''),
});
/** The picked entries, or every entry the search matches (entryDeleteRequest). */
export const asnDeleteRequest = entryDeleteRequest;

export const asnBlockerApi = {
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
} as const;

export const asnBlockerManifest = listBlocker({
  name: 'asn-blocker',
  order: 2,
  title: 'ISP/ASN Blocker',
  page: '/asnBlocker',
  ruleKind: 'asn',
  feature: 'asnBlocker',
  dashboardCounter: 'asnBlocker',
  quickAction: 'blockAsn',
  quickOffer: {
    from: ({ asn, org }) =>
      asn === null ? null : { value: `AS${asn}`, named: org ? `AS${asn} (${org})` : `AS${asn}` },
    label: 'Block this ASN',
    confirm: 'Block ASN',
    who: (network) => `Every visitor from the network ${network}`,
    what: 'the ASN',
    upgrade: 'block whole networks by ASN or ISP name.',
  },
  edge: true,
  limit: maxAsnEntries,
  field: 'value',
  wire: { fields: asnEntryFields, value: asnEntryLabel },
  addField: 'value',
  addOne: true,
  entry: asnValue,
  /** "AS151" finds the AS numbers with 151 in them, and notes that say 151. */
  filterText: (text) => text.replace(/^as(?=\d)/i, ''),
  quickEntry: quickAsn,
  calls: {
    get: 'getAsnBlocker',
    save: 'saveAsnBlocker',
    add: 'addAsnBlocker',
    delete: 'deleteAsnBlocker',
  },
  messages: { duplicate: m.asnDuplicate, cap: m.asnCap },
});
