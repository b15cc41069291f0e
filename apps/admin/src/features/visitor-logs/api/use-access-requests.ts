// The access requests blocked shoppers sent from the block page, and the one-click allow of a
// request's address (a rule change: every read it can alter is refreshed).
import type { CallName } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { useApiQuery } from '../../../lib/api-query.js';

export function useAccessRequests() {
  return useApiQuery(
    'listAccessRequests',
    {},
    { defaultData: { requests: [], open: 0 }, refetchInterval: 60_000 },
  );
}

const CHANGED: readonly CallName[] = [
  'listAccessRequests',
  'accessRequestCounts',
  'listWhiteLists',
  'checkEmptyWhiteLists',
  'lookupIp',
];

export const useAllowAccessRequest = () =>
  useApiMutation('allowAccessRequest', { invalidates: CHANGED });
