// The firewall's own Referrer Blocker (/fw-referrerBlocker) and ISP/ASN Blocker (/fw-asnBlocker):
// lists read exactly as the storefront's (a referrer domain; an AS number or an ISP name),
// applied by the firewall only, part of the Firewall (every call names `firewall` and answers
// 403 on a plan without it). An entry's value is one field on the wire, `value`, in the list's
// form ("spam.example", "*.spam.example", "AS15169", "Hetzner"); an add takes one value and
// answers the whole list, as the get call does.
import { MAX_REFERRER_ENTRIES } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { maxAsnEntries, readAsnEntry } from './asn-blocker.js';
import { entryDeleteRequest } from './entry-delete.js';
import { listBlocker } from './list-blocker.js';
import { blockAction, entryNote } from './protection-fields.js';
import { readReferrerEntry } from './referrer-blocker.js';

export const firewallListMessages = {
  value: 'Enter a value.',
  tooLong: 'The value can be at most 300 characters.',
  duplicate: 'That entry is already in the list.',
  cap: 'The list is full. Remove some entries to add more.',
} as const;
const m = firewallListMessages;

export const firewallListEntry = z.object({
  id: z.string(),
  /** "spam.example" / "*.spam.example"; "AS15169" or an ISP name. */
  value: z.string(),
  note: z.string(),
  hits: z.number(),
  lastHitAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FirewallListEntry = z.infer<typeof firewallListEntry>;

export const firewallListSettings = z.object({ action: blockAction, monitor: z.boolean() });
export const firewallListView = firewallListSettings.extend({
  /** Every entry, newest first. */
  entries: z.array(firewallListEntry),
  limit: z.number(),
});
export type FirewallListView = z.infer<typeof firewallListView>;

/** One value as typed, read by the storefront list's own reading into the list's form. */
const firewallValue = (read: (text: string) => string | { error: string }) =>
  z
    .string({ error: m.value })
    .max(300, m.tooLong)
    .transform((text, ctx) => {
      const value = read(text);
      if (typeof value === 'string') return value;
      ctx.addIssue({ code: 'custom', message: value.error });
      return z.NEVER;
    });

const referrerValue = firewallValue((text) => {
  const read = readReferrerEntry(text);
  return 'domain' in read ? read.domain : read;
});
const asnValue = firewallValue((text) => {
  const read = readAsnEntry(text);
  if ('error' in read) return read;
  return 'asn' in read ? `AS${read.asn}` : read.name;
});

const none = z.object({}).strict();
const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

function firewallListCalls(value: typeof referrerValue, base: string) {
  return {
    get: call({
      method: 'GET',
      path: `${base}/get`,
      feature: 'firewall',
      request: none,
      response: firewallListView,
    }),
    save: call({
      method: 'POST',
      path: `${base}/save`,
      feature: 'firewall',
      request: firewallListSettings,
      response: firewallListView,
    }),
    add: call({
      method: 'POST',
      path: `${base}/add`,
      feature: 'firewall',
      request: z.object({ value, note: entryNote.optional().default('') }),
      response: firewallListView,
    }),
    delete: call({
      method: 'POST',
      path: `${base}/delete`,
      feature: 'firewall',
      request: entryDeleteRequest,
      response: z.object({ deleted: z.number() }),
    }),
  };
}

const firewallReferrer = firewallListCalls(referrerValue, '/api/fwReferrerBlocker');
const firewallAsn = firewallListCalls(asnValue, '/api/fwAsnBlocker');

export const firewallListBlockerApi = {
  getFirewallReferrerBlocker: firewallReferrer.get,
  saveFirewallReferrerBlocker: firewallReferrer.save,
  addFirewallReferrerBlocker: firewallReferrer.add,
  deleteFirewallReferrerBlocker: firewallReferrer.delete,
  getFirewallAsnBlocker: firewallAsn.get,
  saveFirewallAsnBlocker: firewallAsn.save,
  addFirewallAsnBlocker: firewallAsn.add,
  deleteFirewallAsnBlocker: firewallAsn.delete,
} as const;

/** What the two lists share: the Firewall's plan feature, their wire shape and messages. */
const firewallList = {
  feature: 'firewall',
  edge: false,
  firewallOnly: true,
  field: 'value',
  addField: 'value',
  addOne: true,
  addAnswersList: true,
  messages: { duplicate: m.duplicate, cap: m.cap },
} as const;

export const firewallReferrerBlockerManifest = listBlocker({
  ...firewallList,
  name: 'fw-referrer-blocker',
  order: 1,
  title: 'Firewall Referrer Blocker',
  page: '/fw-referrerBlocker',
  ruleKind: 'referrer',
  limit: MAX_REFERRER_ENTRIES,
  entry: referrerValue,
  calls: {
    get: 'getFirewallReferrerBlocker',
    save: 'saveFirewallReferrerBlocker',
    add: 'addFirewallReferrerBlocker',
    delete: 'deleteFirewallReferrerBlocker',
  },
});

export const firewallAsnBlockerManifest = listBlocker({
  ...firewallList,
  name: 'fw-asn-blocker',
  order: 2,
  title: 'Firewall ISP/ASN Blocker',
  page: '/fw-asnBlocker',
  ruleKind: 'asn',
  limit: maxAsnEntries,
  entry: asnValue,
  calls: {
    get: 'getFirewallAsnBlocker',
    save: 'saveFirewallAsnBlocker',
    add: 'addFirewallAsnBlocker',
    delete: 'deleteFirewallAsnBlocker',
  },
});
