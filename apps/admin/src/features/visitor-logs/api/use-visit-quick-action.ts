// A visitor-log row's quick action (block or allow an address, network or referring site). It changes the
// shop's rules, so every read a rule change can alter is refreshed; 403 (the plan) is the
// caller's to answer.
import { listBlockers, type CallName } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useVisitQuickAction() {
  return useApiMutation('visitQuickAction', {
    quietStatuses: [403],
    invalidates: [
      'listIpBlocker',
      'listWhiteLists',
      'getCountryBlocker',
      ...listBlockers.map((mf) => mf.calls.get as CallName),
      'checkEmptyWhiteLists',
      'lookupIp',
    ],
  });
}
