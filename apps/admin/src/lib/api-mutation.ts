// TanStack Query mutations on top of `callApi`: a feature's write hook names its call and the
// reads it makes stale. The answer is the call's `{result, data}` outcome (failures were
// already toasted by the API client), and a successful write invalidates those reads. Every
// successful write also makes the kept replays of drafts stale: a draft's cost is measured
// against the rules in force, which the write may have changed, so a cost shown after a save is
// read again rather than kept from before it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallName, RequestOf } from '@gatehouse/contracts';
import { callApi, type ApiOutcome, type CallOptions } from './api-client.js';

export interface ApiMutationOptions extends CallOptions {
  /** The reads a successful write makes stale, by call name. */
  invalidates?: readonly CallName[];
  /**
   * The read (without parameters) whose answer the write answers with: a successful write
   * becomes that read's cached answer, so the page shows what was saved without a reload.
   */
  replaces?: CallName;
  /** The write's outcome waits until the stale reads have been read again. */
  awaitRefresh?: boolean;
}

export interface ApiMutation<N extends CallName> {
  /** Sends the call; resolves to its outcome and never throws. */
  call(request: RequestOf<N>): Promise<ApiOutcome<N>>;
  isPending: boolean;
}

export function useApiMutation<N extends CallName>(
  name: N,
  { invalidates = [], replaces, awaitRefresh = false, ...callOptions }: ApiMutationOptions = {},
): ApiMutation<N> {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: [name],
    mutationFn: (request: RequestOf<N>) => callApi(name, request, callOptions),
    onSuccess: async (outcome) => {
      if (!outcome.result) return;
      if (replaces) queryClient.setQueryData([replaces, {}], outcome.data);
      const refreshed = Promise.all(
        [...invalidates, 'replayRuleCost' as const].map((read) =>
          queryClient.invalidateQueries({ queryKey: [read] }),
        ),
      );
      if (awaitRefresh) await refreshed;
    },
  });
  return { call: mutation.mutateAsync, isPending: mutation.isPending };
}
