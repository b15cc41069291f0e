// The cost of a change before it is saved, as the server replays it: a draft is one blocker
// call's name and the body it would send. The page's draft is replayed once it has stopped
// changing for a moment (typing does not send a call per key), answers are kept per draft for
// a while, and a refusal (a draft the call would refuse, or a plan without the blocker) is a
// message for the page, not a toast; so is a 429, the server's answer to a draft replaced by a newer
// one before its turn came.
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallName, RuleCostResult } from '@gatehouse/contracts';
import { callApi } from '../../lib/api-client.js';
import { queryClient } from '../../lib/query-client.js';

/** A change being edited: the call that would save it and the body it would send. */
export interface CostDraft {
  call: CallName;
  draft: unknown;
}

/** Quiet time after the last edit before the draft is replayed. */
export const COST_DEBOUNCE_MS = 400;

class CostRefused extends Error {
  override name = 'CostRefused';
}

function costQuery(d: CostDraft) {
  return {
    queryKey: ['replayRuleCost', d.call, JSON.stringify(d.draft)] as const,
    queryFn: async (): Promise<RuleCostResult> => {
      const outcome = await callApi(
        'replayRuleCost',
        { call: d.call, draft: d.draft },
        { quietStatuses: [400, 403, 429] },
      );
      if (!outcome.result) throw new CostRefused(outcome.message);
      return outcome.data;
    },
    staleTime: 30_000,
    retry: false,
  };
}

const keyOf = (d: CostDraft | null) => (d ? JSON.stringify([d.call, d.draft]) : '');

function fromKey(key: string): CostDraft | null {
  if (!key) return null;
  const [call, draft] = JSON.parse(key) as [CallName, unknown];
  return { call, draft };
}

/** The key once it has held still for COST_DEBOUNCE_MS. */
function useSettled(key: string): string {
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), COST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

export interface RuleCost {
  result: RuleCostResult | undefined;
  /** Waiting for the edits to settle, or for the server. */
  loading: boolean;
  /** The server's refusal of the draft. */
  error: string | undefined;
}

export function useRuleCost(draft: CostDraft | null): RuleCost {
  const key = keyOf(draft);
  const settledKey = useSettled(key);
  const settled = useMemo(() => fromKey(settledKey), [settledKey]);
  const waiting = key !== settledKey;
  const query = useQuery({
    ...costQuery(settled ?? { call: 'replayRuleCost', draft: null }),
    enabled: settled !== null,
  });
  return {
    result: waiting ? undefined : query.data,
    loading: draft !== null && (waiting || query.isFetching),
    error: !waiting && query.error ? query.error.message : undefined,
  };
}

/**
 * Starts the replay of a page's first draft (its settings as saved) as soon as they are known,
 * before the page has rendered: the page's card finds it under way, or answered.
 */
export function prefetchRuleCost(draft: CostDraft): void {
  void queryClient.prefetchQuery(costQuery(draft));
}

/** Reads the cost of a draft now (the kept answer when there is one); null when it failed. */
export function useCostNow(): (draft: CostDraft) => Promise<RuleCostResult | null> {
  const client = useQueryClient();
  return (draft) => client.fetchQuery(costQuery(draft)).catch(() => null);
}
