// Customer Block Lists (/checkoutValidate): buyers the merchant does not sell to, stopped at
// checkout before the order exists by the app's cart and checkout validation function. Entries
// are emails, email domains (a domain covers its subdomains), phone numbers, names, street
// addresses, zip codes and countries, each with a note; the buyer sees the merchant's message.
// The server keeps the function's block list in step with the page (a background sync) and
// shows how the last sync went. Imported from a CSV file (`kind,value[,note]` lines, preview
// then commit) and exported as one. A paid feature: every call names `customerBlockLists`.
import { isCountryCode } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { csvCommitRequest, csvCommitResult, csvImportRequest, csvPreview } from './csv-import.js';
import { textProblem } from './hygiene.js';
import { entryNote, protectionMessages } from './protection-fields.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const customerBlockKinds = [
  'email',
  'emailDomain',
  'phone',
  'name',
  'address',
  'zip',
  'country',
] as const;
export type CustomerBlockKind = (typeof customerBlockKinds)[number];

/** What the page and the CSV file call each kind. */
export const customerBlockKindLabels: Record<CustomerBlockKind, string> = {
  email: 'Email',
  emailDomain: 'Email domain',
  phone: 'Phone',
  name: 'Name',
  address: 'Address',
  zip: 'Zip code',
  country: 'Country',
};

export const customerBlockMessages = {
  kind: `Choose what to block: ${customerBlockKinds.join(', ')}.`,
  value: 'Enter a value to block.',
  valueTooLong: 'A value can be at most 200 characters.',
  email: (v: string) => `"${v}" is not an email address, like buyer@example.com.`,
  emailDomain: (v: string) => `"${v}" is not an email domain, like example.com.`,
  phone: (v: string) => `"${v}" is not a phone number: it needs 5 to 15 digits.`,
  country: (v: string) => `"${v}" is not a two-letter country code, like US.`,
  noValues: 'Enter at least one value.',
  tooManyValues: 'At most 100 values can be added at once.',
  duplicate: 'That value is already in the list.',
  cap: 'Customer Block Lists hold at most 10,000 entries. Remove some to add more.',
  message: 'Enter the message buyers see, at most 300 characters.',
  notFound: 'That entry does not exist.',
} as const;
const m = customerBlockMessages;

/** Most entries the lists hold together: what the function's input carries within its limits. */
export const maxCustomerBlockEntries = 10_000;
export const maxCustomerBlockAdd = 100;
export const defaultCustomerBlockMessage =
  'We are unable to process your order. Please contact the store for help.';

/** Reads one value of a kind as it is stored (trimmed, domains and codes in their usual case). */
export function readCustomerBlockValue(
  kind: CustomerBlockKind,
  text: string,
): { value: string } | { error: string } {
  const value = text.trim().replace(/\s+/g, ' ');
  if (value === '') return { error: m.value };
  const problem = textProblem(value, 'The value');
  if (problem) return { error: problem };
  if (value.length > 200) return { error: m.valueTooLong };
  switch (kind) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
        ? { value: value.toLowerCase() }
        : { error: m.email(value) };
    case 'emailDomain': {
      const domain = value.replace(/^@/, '').toLowerCase();
      return /^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) && !domain.includes('..')
        ? { value: domain }
        : { error: m.emailDomain(value) };
    }
    case 'phone': {
      const digits = value.replace(/\D/g, '').length;
      return /^\+?[\d\s().-]+$/.test(value) && digits >= 5 && digits <= 15
        ? { value }
        : { error: m.phone(value) };
    }
    case 'country':
      return isCountryCode(value.toUpperCase())
        ? { value: value.toUpperCase() }
        : { error: m.country(value) };
    default:
      return { value };
  }
}

export const customerBlockEntry = z.object({
  id: z.string(),
  kind: z.enum(customerBlockKinds),
  value: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type CustomerBlockEntry = z.infer<typeof customerBlockEntry>;

/** How the function's block list stands on the platform. */
export const checkoutSyncStatus = z.object({
  /** never: no change since install; pending: a sync is queued or running. */
  state: z.enum(['never', 'pending', 'synced', 'failed']),
  /** When the last sync attempt finished, ok or not. */
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** What went wrong in the last attempt, and what to do, else null. */
  error: z.string().nullable(),
  /** Entries the function holds since the last success (every source's). */
  entries: z.number(),
  /** The chance a buyer who is not listed still matches one compared value, at that size. */
  falseMatchRate: z.number(),
  /** Whether the validation is on in the store's checkout settings (null: not known yet). */
  validationEnabled: z.boolean().nullable(),
});
export type CheckoutSyncStatus = z.infer<typeof checkoutSyncStatus>;

const message = z
  .string({ error: m.message })
  .trim()
  .min(1, m.message)
  .max(300, m.message)
  .superRefine((text, ctx) => {
    const problem = textProblem(text, 'The message');
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const customerBlockListsView = z.object({
  /** Every entry, newest first. */
  entries: z.array(customerBlockEntry),
  limit: z.number(),
  message: z.string(),
  sync: checkoutSyncStatus,
});
export type CustomerBlockListsView = z.infer<typeof customerBlockListsView>;

const kind = z.enum(customerBlockKinds, { error: m.kind });

export const customerBlockAddRequest = z.object({
  kind,
  /** One or more values of that kind; all are added or none. */
  values: z
    .array(z.string({ error: m.value }).max(300, m.valueTooLong), { error: m.noValues })
    .min(1, m.noValues)
    .max(maxCustomerBlockAdd, m.tooManyValues),
  note: entryNote.optional().default(''),
});
export const customerBlockAddResult = z.object({
  added: z.array(customerBlockEntry),
  /** Values already listed (or repeated), left as they were. */
  skipped: z.array(z.string()),
});

export const customerBlockUpdateRequest = z.object({
  id: z.uuid({ error: m.notFound }),
  value: z.string({ error: m.value }).max(300, m.valueTooLong),
  note: entryNote,
});

export const customerBlockDeleteRequest = z.object({
  ids: z
    .array(z.uuid({ error: protectionMessages.entryId }), { error: protectionMessages.noEntries })
    .min(1, protectionMessages.noEntries)
    .max(1000, protectionMessages.tooManyIds),
});

/** What the lists keep, and what the store's checkout enforces of them (any plan). */
export const customerBlockKept = z.object({
  kept: z.number(),
  /** Whether the shop's plan has the lists (else none of the kept entries is enforced). */
  enforced: z.boolean(),
  /** The entries the store's checkout held at its last sync, and whether one is still due. */
  atCheckout: z.number(),
  syncPending: z.boolean(),
});
export type CustomerBlockKept = z.infer<typeof customerBlockKept>;

export const customerBlockListsApi = {
  getCustomerBlockLists: call({
    method: 'GET',
    path: '/api/checkoutValidate/get',
    feature: 'customerBlockLists',
    request: z.object({}),
    response: customerBlockListsView,
  }),
  /** The message buyers see. */
  saveCustomerBlockMessage: call({
    method: 'POST',
    path: '/api/checkoutValidate/save',
    feature: 'customerBlockLists',
    request: z.object({ message }),
    response: customerBlockListsView,
  }),
  addCustomerBlockEntries: call({
    method: 'POST',
    path: '/api/checkoutValidate/add',
    feature: 'customerBlockLists',
    request: customerBlockAddRequest,
    response: customerBlockAddResult,
  }),
  updateCustomerBlockEntry: call({
    method: 'POST',
    path: '/api/checkoutValidate/update',
    feature: 'customerBlockLists',
    request: customerBlockUpdateRequest,
    response: customerBlockEntry,
  }),
  deleteCustomerBlockEntries: call({
    method: 'POST',
    path: '/api/checkoutValidate/delete',
    feature: 'customerBlockLists',
    request: customerBlockDeleteRequest,
    response: z.object({ deleted: z.number() }),
  }),
  /** Queues a sync of the function's block list now (after a failure). */
  /**
   * The entries kept whatever the plan (on a plan without the lists they stay but checkout
   * does not enforce them), and how many the store's checkout holds; every plan may ask.
   */
  getKeptCustomerBlocks: call({
    method: 'GET',
    path: '/api/checkoutValidate/kept',
    request: z.object({}),
    response: customerBlockKept,
  }),
  /** Removes every entry, on any plan, and syncs the checkout. */
  clearCustomerBlockEntries: call({
    method: 'POST',
    path: '/api/checkoutValidate/clear',
    request: z.object({}).strict(),
    response: z.object({ deleted: z.number() }),
  }),
  syncCustomerBlockLists: call({
    method: 'POST',
    path: '/api/checkoutValidate/sync',
    feature: 'customerBlockLists',
    // Nothing to send: a body with any field is not this call's.
    request: z.object({}).strict(),
    response: checkoutSyncStatus,
  }),
  /** Checks a CSV file of `kind,value[,note]` lines (an optional header row); stores nothing. */
  previewCustomerBlockImport: call({
    method: 'POST',
    path: '/api/checkoutValidate/importPreview',
    feature: 'customerBlockLists',
    request: csvImportRequest,
    response: csvPreview,
  }),
  commitCustomerBlockImport: call({
    method: 'POST',
    path: '/api/checkoutValidate/importCommit',
    feature: 'customerBlockLists',
    request: csvCommitRequest,
    response: csvCommitResult,
  }),
} as const;

/** CSV export: `GET` with the session's bearer token; columns kind, value, note, created_at. */
export const customerBlockListsExportPath = '/api/checkoutValidate/export';
