// What a draft filter would do to one order it catches, tried where it stands among the shop's
// filters, as the order job tries them: a draft of a saved filter takes that filter's place, a
// new one is tried last. On, it acts unless a filter that is on catches the order before it;
// in monitor mode it logs what it would do when no filter that is on caught the order before
// it, and is not logged otherwise; a cancelled order is only reported as such.
import type { AutoCancelMode, DryRunResult } from '@gatehouse/contracts';
import {
  evaluateFilters,
  type CompiledMatch,
  type OrderFacts,
  type PreparedOrder,
} from '@gatehouse/engine';

export interface PlacedFilter {
  name: string;
  compiled: CompiledMatch;
  monitor: boolean;
  /** The draft being tried. */
  draft: boolean;
}

/** The shop's active filters in order, with the draft in its place. */
export function placeDraft(
  active: readonly { row: { id: string; name: string; mode: string }; compiled: CompiledMatch }[],
  draft: { filterId: string | null; mode: AutoCancelMode; compiled: CompiledMatch },
): PlacedFilter[] {
  // A draft saved off is tried as it would run once turned on.
  const mine: PlacedFilter = {
    name: '',
    compiled: draft.compiled,
    monitor: draft.mode === 'monitor',
    draft: true,
  };
  const list = active.map(({ row, compiled }): PlacedFilter =>
    row.id === draft.filterId
      ? mine
      : { name: row.name, compiled, monitor: row.mode === 'monitor', draft: false },
  );
  return list.includes(mine) ? list : [...list, mine];
}

/** The draft's verdict on an order its match catches. */
export function draftVerdict(
  list: readonly PlacedFilter[],
  facts: OrderFacts | PreparedOrder,
  cancelled: boolean,
): Pick<DryRunResult, 'verdict' | 'caughtFirstBy'> {
  if (cancelled) return { verdict: 'already-cancelled' };
  const verdict = evaluateFilters(list, facts);
  if (verdict.filter?.draft) return { verdict: 'would-act' };
  if (verdict.monitored.some((m) => m.filter.draft)) return { verdict: 'would-log' };
  return { verdict: 'caught-first', caughtFirstBy: verdict.filter?.name ?? null };
}
