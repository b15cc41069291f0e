// TanStack Query on top of `callApi`: failures become query errors (the client already showed the
// toast) and hooks hand back the caller's default instead of stale data.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  api,
  planIncludes,
  type CallName,
  type Feature,
  type RequestOf,
  type ResponseOf,
} from '@gatehouse/contracts';
import { callApi, type CallOptions } from './api-client.js';
import { readLastPlan } from './local-flags.js';
import { queryClient } from './query-client.js';

export class ApiCallFailed extends Error {
  override name = 'ApiCallFailed';
}

export function apiQueryOptions<N extends CallName>(
  name: N,
  request: RequestOf<N>,
  options: CallOptions = {},
) {
  return queryOptions({
    queryKey: [name, request] as const,
    queryFn: async (): Promise<ResponseOf<N>> => {
      const outcome = await callApi(name, request, options);
      if (!outcome.result) throw new ApiCallFailed(outcome.message);
      return outcome.data;
    },
  });
}

/**
 * Asks early, with no toast, for what a page about to render will ask for, as the page's own
 * query: a page that renders meanwhile waits for this very call instead of making a second one,
 * and data the page already has is not asked for again. The answer is handed back, for the
 * calls that follow from it. A failure is forgotten, so the page's query asks again and reports
 * it.
 */
export async function prefetchApiQuery<N extends CallName>(
  name: N,
  request: RequestOf<N>,
): Promise<ResponseOf<N> | undefined> {
  // A call of a feature the account's last known plan lacks would only be refused (403): the
  // page shows its upgrade card without it, and asks itself once the account says otherwise.
  const { feature } = api[name] as { feature?: Feature };
  const plan = readLastPlan();
  if (feature && plan && !planIncludes(plan, feature)) return undefined;
  const quiet = apiQueryOptions(name, request, { quiet: true });
  try {
    return await queryClient.fetchQuery(quiet);
  } catch {
    await queryClient.resetQueries({ queryKey: quiet.queryKey, exact: true });
    return undefined;
  }
}

export interface ApiQueryOptions<D> extends CallOptions {
  /** What `data` is before the first answer and after any failure. */
  defaultData: D;
  enabled?: boolean;
  refetchInterval?: number | false;
  /** Infinity for data loaded once per session. */
  staleTime?: number;
  /** False: a query that failed before this hook mounted is not asked again on mount. */
  retryOnMount?: boolean;
}

export function useApiQuery<N extends CallName, D>(
  name: N,
  request: RequestOf<N>,
  {
    defaultData,
    enabled = true,
    refetchInterval = false,
    message,
    staleTime,
    retryOnMount = true,
  }: ApiQueryOptions<D>,
) {
  const query = useQuery({
    ...apiQueryOptions(name, request, message === undefined ? {} : { message }),
    enabled,
    refetchInterval,
    retryOnMount,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
  const data: ResponseOf<N> | D =
    query.isError || query.data === undefined ? defaultData : query.data;
  return {
    data,
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    /** An answer (or a failure) arrived at least once. */
    isSettled: query.isSuccess || query.isError,
    /** When the data shown was read (0 before the first answer): relative times count from it. */
    readAt: query.dataUpdatedAt,
    refetch: query.refetch,
  };
}
