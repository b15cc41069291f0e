// The entries Customer Block Lists keep on any plan, read while the checkout is being updated
// (so the card follows it), and their removal, which makes the read stale.
import type { CustomerBlockKept } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { useApiQuery } from '../../../lib/api-query.js';

const NONE: CustomerBlockKept = { kept: 0, enforced: false, atCheckout: 0, syncPending: false };
const POLL_MS = 2000;

export function useKeptCustomerBlocks() {
  const query = useApiQuery('getKeptCustomerBlocks', {}, { defaultData: NONE });
  const pending = query.data.syncPending;
  useApiQuery(
    'getKeptCustomerBlocks',
    {},
    { defaultData: NONE, enabled: pending, refetchInterval: pending ? POLL_MS : false },
  );
  return query;
}

export const useClearCustomerBlockEntries = () =>
  useApiMutation('clearCustomerBlockEntries', {
    invalidates: ['getKeptCustomerBlocks', 'getCustomerBlockLists'],
  });
