// Evaluates compiled filters over one order: total (it never throws; a condition that cannot
// be read is false) and it says which condition decided. Within a group, and over the
// groups, the deciding condition is the one that settled the outcome: in an all-of list the
// first that failed, or when all held the last one (every one was needed); in an any-of list
// the first that held, or when none held the last one. A filter that matched also names
// every condition that made it match: in each group that held, every condition of an all-of
// group and each one that held in an any-of group. Filters are tried in the order given
// (their priority): the first enforcing filter that matches acts. A filter in monitor mode
// never takes an order from an enforcing one: each monitor filter that matches before the
// acting one (every one, when none acts) is reported beside it, as the filters that would have
// acted had they been on. Those below the acting one are not: on, they would have found the
// order already taken.
import type { CompiledMatch } from './compile-filters.js';
import { describeCondition } from './condition-words.js';
import type { ConditionReason, ConditionRef } from './filter-fields.js';
import { prepareOrder, type OrderFacts, type PreparedOrder } from './order-facts.js';

export interface MatchVerdict {
  matched: boolean;
  /** The condition that settled it; null only for a match without groups (never compiled). */
  decidedBy: ConditionRef | null;
}

/** Whether one condition holds, false when its test fails. */
function holds(match: CompiledMatch, order: PreparedOrder, ref: ConditionRef): boolean {
  try {
    return match.groups[ref.group]!.tests[ref.condition]!(order);
  } catch {
    return false;
  }
}

/** The conditions that made a matching filter match, in the filter's order. */
function reasonsPrepared(match: CompiledMatch, order: PreparedOrder): ConditionRef[] {
  const out: ConditionRef[] = [];
  match.groups.forEach(({ tests, any }, group) => {
    const refs = tests.map((_, condition) => ({ group, condition }));
    const held = refs.filter((ref) => holds(match, order, ref));
    const groupHeld = any ? held.length > 0 : held.length === refs.length;
    if (groupHeld) out.push(...held);
  });
  return out;
}

/** In words, the conditions that made a filter match the order; empty when it does not. */
export function matchReasons(
  match: CompiledMatch,
  order: OrderFacts | PreparedOrder,
): ConditionReason[] {
  try {
    const prepared = isPrepared(order) ? order : prepareOrder(order);
    if (!evaluatePrepared(match, prepared).matched) return [];
    return describeReasons(match, reasonsPrepared(match, prepared));
  } catch {
    return [];
  }
}

/** Conditions with their words. */
export function describeReasons(
  match: CompiledMatch,
  refs: readonly ConditionRef[],
): ConditionReason[] {
  return refs.flatMap((ref) => {
    const described = describeDecider(match, ref);
    return described ? [described] : [];
  });
}

function evaluatePrepared(match: CompiledMatch, order: PreparedOrder): MatchVerdict {
  const groups = match.groups;
  let group = -1;
  let at = 0;
  let result = false;
  for (let g = 0; g < groups.length; g++) {
    const { tests, any } = groups[g]!;
    let held = false;
    for (let i = 0; i < tests.length; i++) {
      at = i;
      try {
        held = tests[i]!(order);
      } catch {
        held = false;
      }
      if (held === any) break;
    }
    group = g;
    result = held;
    if (held === match.any) break;
  }
  return { matched: result, decidedBy: group < 0 ? null : { group, condition: at } };
}

/** One filter over one order. */
export function evaluateMatch(
  match: CompiledMatch,
  order: OrderFacts | PreparedOrder,
): MatchVerdict {
  try {
    const prepared = isPrepared(order) ? order : prepareOrder(order);
    return evaluatePrepared(match, prepared);
  } catch {
    return { matched: false, decidedBy: null };
  }
}

const PREPARED = Symbol('prepared');

function isPrepared(order: unknown): order is PreparedOrder {
  return order !== null && typeof order === 'object' && PREPARED in order;
}

/** The order read once, to evaluate many filters on it. */
export function prepareFacts(order: OrderFacts): PreparedOrder {
  try {
    return Object.assign(prepareOrder(order), { [PREPARED]: true });
  } catch {
    return Object.assign(prepareOrder({}), { [PREPARED]: true });
  }
}

export interface FilterVerdict<F> {
  /** The first enforcing filter that matched, or null. */
  filter: F | null;
  decidedBy: ConditionReason | null;
  /** Every condition that made it match. */
  matchedBy: ConditionReason[];
  /** The monitor filters that matched before it (all that matched, when none acts). */
  monitored: { filter: F; decidedBy: ConditionReason | null; matchedBy: ConditionReason[] }[];
}

/** Tries the filters in order; the first enforcing one that matches acts. */
export function evaluateFilters<F extends { compiled: CompiledMatch; monitor?: boolean }>(
  filters: readonly F[],
  order: OrderFacts | PreparedOrder,
): FilterVerdict<F> {
  const prepared = isPrepared(order) ? order : prepareFacts(order);
  const monitored: FilterVerdict<F>['monitored'] = [];
  for (const filter of filters) {
    const verdict = evaluatePrepared(filter.compiled, prepared);
    if (!verdict.matched) continue;
    const decidedBy = describeDecider(filter.compiled, verdict.decidedBy);
    const matchedBy = describeReasons(filter.compiled, reasonsPrepared(filter.compiled, prepared));
    if (filter.monitor === true) monitored.push({ filter, decidedBy, matchedBy });
    else return { filter, decidedBy, matchedBy, monitored };
  }
  return { filter: null, decidedBy: null, matchedBy: [], monitored };
}

/** The deciding condition with its words, or null. */
export function describeDecider(
  match: CompiledMatch,
  ref: ConditionRef | null,
): ConditionReason | null {
  if (ref === null) return null;
  const condition = match.source.groups[ref.group]?.conditions[ref.condition];
  return condition ? { ...ref, text: describeCondition(condition) } : null;
}
