// Auto-cancel filters: the list in priority order, saving one filter, deleting, reordering,
// the dry run (started, then read until it is done), and the log shared with Fraud Protect.
import {
  ORDER_LOG_PAGE_SIZE,
  type OrderActionFeature,
  type AutoCancelLogPage,
  type AutoCancelView,
} from '@gatehouse/contracts';
import { useState } from 'react';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { useApiQuery } from '../../../lib/api-query.js';

/** Before the first answer; one object, so the page is not reset on every render. */
const NONE: AutoCancelView = {
  filters: [],
  maxFilters: 50,
  dryRunDays: 30,
  dryRunMaxOrders: 0,
  logRetentionDays: 90,
};
const EMPTY_LOG: AutoCancelLogPage = {
  entries: [],
  total: 0,
  page: 1,
  pageSize: ORDER_LOG_PAGE_SIZE,
};

export function useAutoCancelFilters() {
  return useApiQuery('getAutoCancelFilters', {}, { defaultData: NONE });
}

// A refused save or dry run is shown by the editor, each problem under its input: no toast.
export function useSaveAutoCancelFilter() {
  return useApiMutation('saveAutoCancelFilter', {
    invalidates: ['getAutoCancelFilters'],
    awaitRefresh: true,
    quietStatuses: [400],
  });
}

export function useDeleteAutoCancelFilter() {
  return useApiMutation('deleteAutoCancelFilter', { replaces: 'getAutoCancelFilters' });
}

export function useReorderAutoCancelFilters() {
  return useApiMutation('reorderAutoCancelFilters', { replaces: 'getAutoCancelFilters' });
}

export function useStartDryRun() {
  return useApiMutation('startAutoCancelDryRun', { quietStatuses: [400] });
}

/** A dry run's progress, read every second until it is done or failed. */
export function useDryRun(id: string | null) {
  const [finished, setFinished] = useState<string | null>(null);
  const query = useApiQuery(
    'getAutoCancelDryRun',
    { id: id ?? '' },
    {
      defaultData: null,
      enabled: id !== null,
      refetchInterval: id !== null && finished !== id ? 1000 : false,
    },
  );
  const run = query.data;
  if (run && run.id === id && (run.done || run.state === 'failed') && finished !== id) {
    setFinished(id);
  }
  return query;
}

/** A page of the shared order log (one feature's when asked); read again every 10 s while open. */
export function useAutoCancelLog(page: number, feature: OrderActionFeature | undefined) {
  return useApiQuery(
    'getAutoCancelLog',
    { page, ...(feature ? { feature } : {}) },
    { defaultData: { ...EMPTY_LOG, page }, refetchInterval: 10_000 },
  );
}

export function useRetryAutoCancelAction() {
  return useApiMutation('retryAutoCancelAction', { invalidates: ['getAutoCancelLog'] });
}
