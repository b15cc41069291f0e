// The ISP/ASN Blocker (/asnBlocker): its entries, AS numbers or ISP names read with the
// engine's own rules, its action and monitor mode, and the add and delete requests.
import {
  isAsn,
  looksLikeAsNumber,
  MAX_ASN_ENTRIES,
  normalizeIspName,
  readAsNumber,
} from '@gatehouse/engine/values';
import { z } from 'zod';
import { entryDeleteRequest } from './entry-delete.js';
import { textProblem } from './hygiene.js';
import { blockAction, entryNote, protectionMessages as m } from './protection-fields.js';

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
  note: entryNote.optional().default(''),
});
/** The picked entries, or every entry the search matches (entryDeleteRequest). */
export const asnDeleteRequest = entryDeleteRequest;
