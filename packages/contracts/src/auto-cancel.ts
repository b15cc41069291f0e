// One file past the usual size: every call of the feature and its shapes in one place.
// Auto-cancel filters (/blacklists): the merchant's own rules over orders. Named filters in
// priority order, each on, off or monitor (logs "would cancel" only); a filter matches by one
// level of groups of conditions over order fields (the fields and the operators that fit each
// are the engine's table, re-exported here for the editor); the first matching filter that is
// on acts: cancel with a reason (refund, restock, email the customer), add tags, add the
// order's IP to the IP Blocker's block list, add the order's email to the Customer Block Lists
// (checked at checkout from then on). A dry run reads the shop's last 30 days of orders
// and lists the orders a draft would have caught, and why. The log is Fraud Protect's, one
// entry per action, with the filter that decided. A paid feature: every call names
// `autoCancelFilters`. The shape is checked here; what a condition means (the field exists,
// the operator fits it, the pattern is safe, the IP parses) is checked by the engine's compiler
// on save and on dry run, with a message naming the condition; both calls answer a refusal
// with the path of each problem too, for the editor to show it under its field.
import { FILTER_LIMITS } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { cancelReasons, orderActionEntry, orderLogPage, orderLogRequest } from './order-log.js';
import { cleanText } from './hygiene.js';

export {
  FILTER_PATTERNS,
  regexSyntaxProblem,
  FILTER_FIELDS,
  FILTER_FIELD_KEYS,
  FILTER_LIMITS,
  FILTER_NETWORK_KINDS,
  FILTER_NEGATED_OPERATOR_LABELS,
  FILTER_OPERATOR_LABELS,
  FILTER_OPERATORS,
  FILTER_VALUE_TYPES,
  describeCondition,
  joinReasons,
  checkIpEntry,
  filterField,
  type ConditionReason,
  type ConditionRef,
  type FilterProblem,
  type FilterFieldInfo,
  type FilterFieldKey,
  type FilterOperator,
  type FilterValueType,
} from '@gatehouse/engine/values';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;
const L = FILTER_LIMITS;

export const autoCancelMessages = {
  name: `Give the filter a name of 1 to ${L.nameLength} characters.`,
  mode: 'Choose whether the filter is on, off, or in monitor mode.',
  field: 'Choose the order field the condition tests.',
  operator: 'Choose how the condition compares.',
  value: `A condition's value is a text of at most ${L.textLength} characters, a number, yes or no, or a list of at most ${L.listEntries} such texts.`,
  groups: `A filter has 1 to ${L.groups} groups of conditions.`,
  conditions: `A group has 1 to ${L.conditionsPerGroup} conditions. Remove the empty group or add a condition to it.`,
  reason: 'Choose a cancel reason: fraud, customer, declined, inventory, staff or other.',
  tags: 'List at most 5 tags of 1 to 40 characters each, without commas.',
  noAction:
    'Choose at least one action: cancel the order, add a tag, block its IP address, or block its email.',
  id: 'Please give the id of a filter.',
  ids: `List the ids of all the shop's filters, each once, at most ${L.filtersPerShop}.`,
  dryRunId: 'Please give the id of a dry run.',
  dryRunFilter: 'Give the id of the filter being edited, or null for a new filter.',
} as const;
const m = autoCancelMessages;

/** on: acts; off: kept but not run; monitor: logs what it would have done, changes nothing. */
export const autoCancelModes = ['on', 'off', 'monitor'] as const;
export type AutoCancelMode = (typeof autoCancelModes)[number];

const conditionValue = z.union(
  [
    z.string().max(L.textLength, m.value).superRefine(cleanText('A condition value', false)),
    z.number().finite(),
    z.boolean(),
    z
      .array(z.string().max(L.textLength, m.value).superRefine(cleanText('A list entry', false)), {
        error: m.value,
      })
      .max(L.listEntries, m.value),
  ],
  { error: m.value },
);

export const filterCondition = z
  .object({
    field: z.string({ error: m.field }).max(40, m.field),
    operator: z.string({ error: m.operator }).max(40, m.operator),
    value: conditionValue,
    /** Turns the condition around (does not contain, is not in the list…). */
    negate: z.boolean().optional(),
  })
  .strict();
export type FilterConditionInput = z.infer<typeof filterCondition>;

export const filterGroup = z
  .object({
    /** True: any one condition is enough; false: all must hold. */
    any: z.boolean({ error: '"any" must be true or false.' }),
    conditions: z
      .array(filterCondition, { error: m.conditions })
      .max(L.conditionsPerGroup, m.conditions),
  })
  .strict();

export const filterMatch = z
  .object({
    /** True: any one group is enough; false: all groups must hold. */
    any: z.boolean({ error: '"any" must be true or false.' }),
    groups: z.array(filterGroup, { error: m.groups }).min(1, m.groups).max(L.groups, m.groups),
  })
  .strict();
export type FilterMatchInput = z.infer<typeof filterMatch>;

const tag = z
  .string({ error: m.tags })
  .trim()
  .min(1, m.tags)
  .max(40, m.tags)
  .refine((v) => !v.includes(','), m.tags)
  .superRefine(cleanText('The tag'));

export const autoCancelActions = z
  .object({
    /** Cancel the order (with the reason, and refund, restock, email as chosen). */
    cancel: z.boolean({ error: '"cancel" must be true or false.' }),
    reason: z.enum(cancelReasons, { error: m.reason }),
    refund: z.boolean({ error: '"refund" must be true or false.' }),
    restock: z.boolean({ error: '"restock" must be true or false.' }),
    notifyCustomer: z.boolean({ error: '"notifyCustomer" must be true or false.' }),
    /** Added to the order; empty = none. */
    tags: z.array(tag, { error: m.tags }).max(5, m.tags),
    /** Adds the order's browser IP to the IP Blocker's block list. */
    blockIp: z.boolean({ error: '"blockIp" must be true or false.' }),
    /**
     * Adds the order's email to the Customer Block Lists, so that buyer cannot check out again.
     * Filters saved before this action existed read as false.
     */
    blockEmail: z.boolean({ error: '"blockEmail" must be true or false.' }).default(false),
  })
  .strict()
  .refine((a) => a.cancel || a.tags.length > 0 || a.blockIp || a.blockEmail, m.noAction);
export type AutoCancelActions = z.infer<typeof autoCancelActions>;

/** A filter as the page saves it: no id creates one, an id updates that filter. */
export const autoCancelFilterInput = z
  .object({
    id: z.uuid({ error: m.id }).nullable(),
    name: z
      .string({ error: m.name })
      .trim()
      .min(1, m.name)
      .max(L.nameLength, m.name)
      .superRefine(cleanText('The filter name')),
    mode: z.enum(autoCancelModes, { error: m.mode }),
    match: filterMatch,
    actions: autoCancelActions,
  })
  .strict();
export type AutoCancelFilterInput = z.infer<typeof autoCancelFilterInput>;

export const autoCancelFilter = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(autoCancelModes),
  /** Priority: 0 runs first. */
  position: z.number(),
  match: filterMatch,
  actions: autoCancelActions,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AutoCancelFilter = z.infer<typeof autoCancelFilter>;

export const autoCancelView = z.object({
  /** In priority order. */
  filters: z.array(autoCancelFilter),
  maxFilters: z.number(),
  /** How far back a dry run reads, and at most how many orders. */
  dryRunDays: z.number(),
  dryRunMaxOrders: z.number(),
  /** How long log entries are kept. */
  logRetentionDays: z.number(),
});
export type AutoCancelView = z.infer<typeof autoCancelView>;

export const autoCancelIdRequest = z.object({ id: z.uuid({ error: m.id }) }).strict();

export const autoCancelReorderRequest = z
  .object({
    ids: z
      .array(z.uuid({ error: m.ids }), { error: m.ids })
      .max(L.filtersPerShop, m.ids)
      .refine((ids) => new Set(ids).size === ids.length, m.ids),
  })
  .strict();

/**
 * A dry run of a draft: its match (actions do not change what it catches), and where it stands
 * among the shop's filters: the saved filter it is a draft of (null: a new one, tried last) and
 * its mode, so the run says what the filter would do there, as new orders would find it.
 */
export const autoCancelDryRunRequest = z
  .object({
    match: filterMatch,
    filterId: z.uuid({ error: m.dryRunFilter }).nullable().default(null),
    mode: z.enum(autoCancelModes, { error: m.mode }).default('on'),
  })
  .strict();
export const autoCancelDryRunStarted = z.object({ id: z.string() });

export const autoCancelDryRunStatusRequest = z
  .object({ id: z.uuid({ error: m.dryRunId }) })
  .strict();

/**
 * would-act: the filter would have acted; would-log: in monitor mode it would have logged what
 * it would do; caught-first: a filter that is on, tried before it, would have acted instead
 * (caughtFirstBy names it); already-cancelled: it matched a cancelled order.
 */
export const dryRunVerdicts = [
  'would-act',
  'would-log',
  'caught-first',
  'already-cancelled',
] as const;

const conditionReason = z.object({ group: z.number(), condition: z.number(), text: z.string() });

export const dryRunResult = z.object({
  orderId: z.string(),
  orderName: z.string(),
  /** The order's page in the platform's admin. */
  orderUrl: z.string(),
  createdAt: z.string(),
  total: z.number(),
  currency: z.string(),
  /** The condition that decided (positions from 0) and its words. */
  decidedBy: conditionReason,
  /** Every condition that made the filter match, in its words (absent in older runs). */
  matchedBy: z.array(conditionReason).optional(),
  verdict: z.enum(dryRunVerdicts),
  /** The filter that would have acted first (caught-first only). */
  caughtFirstBy: z.string().nullable().optional(),
});
export type DryRunResult = z.infer<typeof dryRunResult>;

export const dryRunStates = ['queued', 'running', 'done', 'failed'] as const;

export const autoCancelDryRun = z.object({
  id: z.string(),
  state: z.enum(dryRunStates),
  /** Orders read so far. */
  read: z.number(),
  /** How many orders the period holds, as the platform counted them when the run began (null before). */
  total: z.number().nullable(),
  done: z.boolean(),
  /** True when the shop had more orders in the period than a dry run reads. */
  truncated: z.boolean(),
  maxOrders: z.number(),
  days: z.number(),
  /** Why it failed, in words. */
  error: z.string().nullable(),
  /** The orders caught so far, newest first. */
  results: z.array(dryRunResult),
});
export type AutoCancelDryRun = z.infer<typeof autoCancelDryRun>;

/** An entry of the log shared with Fraud Protect (which feature, which filter, what it did). */
export const autoCancelLogEntry = orderActionEntry;
export type AutoCancelLogEntry = z.infer<typeof autoCancelLogEntry>;

/** The one order-action log, shared with Fraud Protect. */
export const autoCancelLogPage = orderLogPage;
export type AutoCancelLogPage = z.infer<typeof autoCancelLogPage>;

export const autoCancelApi = {
  getAutoCancelFilters: call({
    method: 'GET',
    path: '/api/autoCancel/list',
    feature: 'autoCancelFilters',
    request: z.object({}),
    response: autoCancelView,
  }),
  /** Creates or updates one filter; the answer is the saved filter. */
  saveAutoCancelFilter: call({
    method: 'POST',
    path: '/api/autoCancel/save',
    feature: 'autoCancelFilters',
    request: autoCancelFilterInput,
    response: autoCancelFilter,
  }),
  deleteAutoCancelFilter: call({
    method: 'POST',
    path: '/api/autoCancel/delete',
    feature: 'autoCancelFilters',
    request: autoCancelIdRequest,
    response: autoCancelView,
  }),
  /** The shop's filter ids, every one once, in the new priority order. */
  reorderAutoCancelFilters: call({
    method: 'POST',
    path: '/api/autoCancel/reorder',
    feature: 'autoCancelFilters',
    request: autoCancelReorderRequest,
    response: autoCancelView,
  }),
  startAutoCancelDryRun: call({
    method: 'POST',
    path: '/api/autoCancel/dryRun',
    feature: 'autoCancelFilters',
    request: autoCancelDryRunRequest,
    response: autoCancelDryRunStarted,
  }),
  getAutoCancelDryRun: call({
    method: 'GET',
    path: '/api/autoCancel/dryRunStatus',
    feature: 'autoCancelFilters',
    request: autoCancelDryRunStatusRequest,
    response: autoCancelDryRun,
  }),
  getAutoCancelLog: call({
    method: 'GET',
    path: '/api/autoCancel/log',
    feature: 'autoCancelFilters',
    request: orderLogRequest,
    response: autoCancelLogPage,
  }),
  /** Tries the entry's order again at once, as retryFraudProtectAction does. */
  retryAutoCancelAction: call({
    method: 'POST',
    path: '/api/autoCancel/retry',
    feature: 'autoCancelFilters',
    request: autoCancelIdRequest,
    response: autoCancelLogEntry,
  }),
} as const;

/** A new filter's starting point: off, one group with one condition, cancel for fraud. */
export const NEW_AUTO_CANCEL_FILTER: AutoCancelFilterInput = {
  id: null,
  name: 'New filter',
  mode: 'off',
  match: {
    any: false,
    groups: [{ any: false, conditions: [{ field: 'total', operator: 'greaterThan', value: 500 }] }],
  },
  actions: {
    cancel: true,
    reason: 'FRAUD',
    refund: true,
    restock: true,
    notifyCustomer: true,
    tags: [],
    blockIp: false,
    blockEmail: false,
  },
};
