// Evaluates compiled filters over one order: total (it never throws; a condition that cannot
// be read is false) and it says which condition decided. Within a group, and over the
// groups, the deciding condition is the one that settled the outcome: in an all-of list the
// first that failed, or when all held the last one (every one was needed); in an any-of list
// the first that held, or when none held the last one. Filters are tried in the order given
// (their priority): the first enforcing filter that matches acts. A filter in monitor mode
// never takes an order from an enforcing one: each monitor filter that matches before the
// acting one (every one, when none acts) is reported beside it, as the filters that would have
// acted had they been on. Those below the acting one are not: on, they would have found the
// order already taken.
import type { CompiledMatch } from './compile-filters.js';
import { describeCondition, type ConditionRef } from './filter-fields.js';
import { prepareOrder, type OrderFacts, type PreparedOrder } from './order-facts.js';

export interface MatchVerdict {
  matched: boolean;
  /** The condition that settled it; null only for a match without groups (never compiled). */
  decidedBy: ConditionRef | null;
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
  decidedBy: (ConditionRef & { text: string }) | null;
  /** The monitor filters that matched before it (all that matched, when none acts). */
  monitored: { filter: F; decidedBy: (ConditionRef & { text: string }) | null }[];
}

/** Tries the filters in order; the first enforcing one that matches acts. */
export function evaluateFilters<F extends { compiled: CompiledMatch; monitor?: boolean }>(
  filters: readonly F[],
  order: OrderFacts,
): FilterVerdict<F> {
  const prepared = prepareFacts(order);
  const monitored: FilterVerdict<F>['monitored'] = [];
  for (const filter of filters) {
    const verdict = evaluatePrepared(filter.compiled, prepared);
    if (!verdict.matched) continue;
    const decidedBy = describeDecider(filter.compiled, verdict.decidedBy);
    if (filter.monitor === true) monitored.push({ filter, decidedBy });
    else return { filter, decidedBy, monitored };
  }
  return { filter: null, decidedBy: null, monitored };
}

/** The deciding condition with its words, or null. */
export function describeDecider(
  match: CompiledMatch,
  ref: ConditionRef | null,
): (ConditionRef & { text: string }) | null {
  if (ref === null) return null;
  const condition = match.source.groups[ref.group]?.conditions[ref.condition];
  return condition ? { ...ref, text: describeCondition(condition) } : null;
}
