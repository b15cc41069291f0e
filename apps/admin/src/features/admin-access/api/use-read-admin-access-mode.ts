// Re-reads whether this device is in Admin Access mode, after the storefront was opened to
// change it. The account carries the mode too, so a successful read updates it in place.
import { useQueryClient } from '@tanstack/react-query';
import { apiQueryOptions } from '../../../lib/api-query.js';
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useReadAdminAccessMode() {
  const queryClient = useQueryClient();
  const read = useApiMutation('getAdminAccess');
  const call = async () => {
    const outcome = await read.call({});
    if (outcome.result) {
      queryClient.setQueryData(apiQueryOptions('getAccountInfo', {}).queryKey, (account) =>
        account ? { ...account, isAdminAccessEnabled: outcome.data.isAdminAccessMode } : account,
      );
    }
    return outcome;
  };
  return { call, isPending: read.isPending };
}
