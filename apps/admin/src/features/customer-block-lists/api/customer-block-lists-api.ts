// Customer Block Lists' calls: the page's read (polled while a sync is pending, so its status
// updates by itself) and its writes, each making the read stale. 400 and 403 answers of the
// writes the page shows itself (on the field, or as the upgrade prompt).
import { defaultCustomerBlockMessage, type CustomerBlockListsView } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { useApiQuery } from '../../../lib/api-query.js';

const EMPTY: CustomerBlockListsView = {
  entries: [],
  limit: 10_000,
  message: defaultCustomerBlockMessage,
  sync: {
    state: 'never',
    lastAttemptAt: null,
    lastSuccessAt: null,
    error: null,
    entries: 0,
    falseMatchRate: 0,
    validationEnabled: null,
  },
};

const POLL_MS = 2000;

export function useCustomerBlockLists() {
  const query = useApiQuery('getCustomerBlockLists', {}, { defaultData: EMPTY });
  const pending = query.data.sync.state === 'pending';
  // A second read that only runs while a sync is pending refreshes the same cached answer.
  useApiQuery(
    'getCustomerBlockLists',
    {},
    { defaultData: EMPTY, enabled: pending, refetchInterval: pending ? POLL_MS : false },
  );
  return query;
}

const stale = { invalidates: ['getCustomerBlockLists'] as const };

export const useAddCustomerBlockEntries = () =>
  useApiMutation('addCustomerBlockEntries', { ...stale, quietStatuses: [400, 403] });
export const useUpdateCustomerBlockEntry = () =>
  useApiMutation('updateCustomerBlockEntry', { ...stale, quietStatuses: [400, 403] });
export const useDeleteCustomerBlockEntries = () =>
  useApiMutation('deleteCustomerBlockEntries', stale);
/** The save answers with the page's read: the saved message shows without a second read. */
export const useSaveCustomerBlockMessage = () =>
  useApiMutation('saveCustomerBlockMessage', {
    ...stale,
    replaces: 'getCustomerBlockLists',
    quietStatuses: [400, 403],
  });
export const useSyncCustomerBlockLists = () => useApiMutation('syncCustomerBlockLists', stale);
export const usePreviewCustomerBlockImport = () => useApiMutation('previewCustomerBlockImport');
export const useCommitCustomerBlockImport = () =>
  useApiMutation('commitCustomerBlockImport', { ...stale, quietStatuses: [403] });
